/** A customer's service history with report links (the customer's view of /reports) (scaffold: replaced by its feature's work). */
export default function CustomerServiceHistory() {
  return <p>Service history</p>;
}
