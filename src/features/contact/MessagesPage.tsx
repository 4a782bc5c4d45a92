/** Admin contact messages, /admin/messages (scaffold: replaced by its feature's work). */
export default function MessagesPage() {
  return <p>Messages</p>;
}
