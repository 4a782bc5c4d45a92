import type { Analytics, AnalyticsPeriod } from '@contract/analytics';
import { toDecimal } from '@/features/jobs';
import { PERIOD_LABEL, STATUS_LABEL } from './format';

/**
 * RFC 4180 with CRLF. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe,
 * because a technician chooses their own name.
 */

type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const hours = (minutes: number) => Number((minutes / 60).toFixed(2));
/** Minor units as a plain amount: 2950000 → 29500 (a number, for the spreadsheet). */
const money = (minor: number) => Number(toDecimal(minor));
const percent = (ratio: number | undefined) => (ratio === undefined ? null : Number((ratio * 100).toFixed(1)));

export function analyticsCsv(data: Analytics, period: AnalyticsPeriod): string {
  const { totals } = data;
  const blank: Cell[] = [];
  return toCsv([
    ['CarCare analytics'],
    ['Period', PERIOD_LABEL[period]],
    ['From', data.period.from],
    ['To', data.period.to],
    ['Time zone', data.period.timeZone],
    blank,
    ['Summary', 'Value'],
    ['Bookings', totals.bookings],
    ['Completed jobs', totals.completedJobs],
    ['Invoiced (LKR)', money(totals.invoicedMinor)],
    ['Collected (LKR)', money(totals.collectedMinor)],
    ['Hours logged', hours(totals.loggedMinutes)],
    ['Hours on jobs', hours(totals.jobMinutes)],
    blank,
    ['Date', 'Bookings'],
    ...data.bookingsPerDay.map((d) => [d.date, d.bookings]),
    blank,
    ['Status', 'Jobs'],
    ...data.byStatus.map((s) => [STATUS_LABEL[s.status], s.jobs]),
    blank,
    ['Service type', 'Bookings', 'Completed jobs', 'Invoiced (LKR)'],
    ...data.byServiceType.map((t) => [t.name, t.bookings, t.completedJobs, money(t.invoicedMinor)]),
    blank,
    [
      'Technician',
      'Jobs completed',
      'Average start to completion (minutes)',
      'Expected hours',
      'Billed hours',
      'Hours on completed jobs',
      'Efficiency (%)',
      'Hours logged',
      'Hours on jobs',
      'Productivity (%)',
    ],
    ...data.technicians.map((t) => [
      t.fullName,
      t.jobsCompleted,
      t.averageCompletionMinutes ?? null,
      hours(t.expectedMinutes),
      hours(t.billedMinutes),
      hours(t.completedJobMinutes),
      percent(t.efficiency),
      hours(t.loggedMinutes),
      hours(t.jobMinutes),
      percent(t.productivity),
    ]),
  ]);
}

/** `carcare-analytics-2030-05-05-to-2030-06-03.csv` */
export function csvFileName(data: Analytics): string {
  return `carcare-analytics-${data.period.from}-to-${data.period.to}.csv`;
}
