// The analytics domain: the admin's figures, charts and their CSV.
export { AnalyticsView } from './AnalyticsView';
