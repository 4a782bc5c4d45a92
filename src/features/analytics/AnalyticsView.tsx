/** The admin's analytics (also the admin's view of /reports) (scaffold: replaced by its feature's work). */
export default function AnalyticsView() {
  return <p>Analytics</p>;
}
