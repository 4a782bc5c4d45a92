import type { AnalyticsPeriod } from '@contract/analytics';
import type { AppointmentStatus } from '@contract/statuses';
import { format, isValid, parseISO } from 'date-fns';
import { onFirstUse } from '@/lib/onFirstUse';

/** How the analytics read on screen and in the CSV. */

export const PERIOD_LABEL: Record<AnalyticsPeriod, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
};

/** The periods offered, in order, and the one shown first (as the server's default). */
export const PERIODS = Object.keys(PERIOD_LABEL) as AnalyticsPeriod[];
export const DEFAULT_PERIOD: AnalyticsPeriod = '30';

export const STATUS_LABEL: Record<AppointmentStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

const count = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const hoursFormat = onFirstUse(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return count().format(value);
}

/** Minutes as hours with one decimal: 90 → "1.5". */
export function formatHours(minutes: number): string {
  return hoursFormat().format(minutes / 60);
}

/** Whole minutes as people read a duration: 45 → "45 min", 380 → "6 h 20 min", 1515 → "25 h 15 min". */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A ratio as a whole percentage: 0.6667 → "67%". */
export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** "Jun 3" for `YYYY-MM-DD` (the chart's axis), "Jun 3, 2030" with the year. */
export function formatDay(date: string, withYear = false): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, withYear ? 'MMM d, yyyy' : 'MMM d') : date;
}
