export { TimesheetsReview as Component } from '@/features/timeLogs';
