import AnalyticsView from './AnalyticsView';

/** /admin/analytics (title "Analytics"): the admin's analytics, the same view as the admin's /reports. */
export default function AnalyticsPage() {
  return <AnalyticsView />;
}
