export { AnalyticsView as Component } from '@/features/analytics';
