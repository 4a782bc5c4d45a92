/** Admin time-log approval, /admin/timesheets (scaffold: replaced by its feature's work). */
export default function TimesheetsPage() {
  return <p>Timesheets</p>;
}
