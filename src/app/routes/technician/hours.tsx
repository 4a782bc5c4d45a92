export { WeeklyHours as Component } from '@/features/timeLogs';
