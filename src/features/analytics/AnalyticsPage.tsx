/** Admin analytics page, /admin/analytics (scaffold: replaced by its feature's work). */
export default function AnalyticsPage() {
  return <p>Analytics</p>;
}
