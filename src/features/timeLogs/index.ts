// The time logs domain: a technician's logs, their review by the admin, and the hours per week.
export { timeLogsApi, TIME_LOG_TAG_TYPES, type TimeLogTag } from './timeLogsApi';
export { default as timeLogsSlice } from './timeLogsSlice';
export {
  daySelected,
  logFormClosed,
  logFormOpened,
  logSaved,
  monthShown,
  selectLogDraft,
  selectSelectedDate,
  selectVisibleMonth,
} from './timeLogsSlice';
export { formatDuration } from './duration';
export { monthGridRange, rangeForDay } from './logsByDate';
export { queuedKeyOf, queuedLogId, type QueuedLogChange, type ShownLog } from './queuedLogs';
export { WorkCalendar } from './components/WorkCalendar';
export { DayLogsPanel } from './components/DayLogsPanel';
export { LogTimeDialog } from './components/LogTimeDialog';
export { LogTimeButton } from './components/LogTimeButton';
export { TimesheetsReview } from './components/TimesheetsReview';
export { WeeklyHours } from './components/WeeklyHours';
