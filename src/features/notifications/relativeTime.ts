import { onFirstUse } from '@/lib/onFirstUse';

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

const STEPS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [45 * 60, 'minute', 60],
  [22 * 3_600, 'hour', 3_600],
  [26 * 86_400, 'day', 86_400],
  [320 * 86_400, 'month', 30 * 86_400],
  [Infinity, 'year', 365 * 86_400],
];

/**
 * How long ago `instant` was, as people say it: "just now", "5 minutes ago", "2 hours ago", "yesterday",
 * "3 months ago" (the browser's Intl.RelativeTimeFormat; a future instant reads "in …").
 */
export function timeAgo(instant: Date, now: Date = new Date()): string {
  const seconds = (instant.getTime() - now.getTime()) / 1_000;
  const size = Math.abs(seconds);
  if (size < 45) return 'just now';
  const [, unit, unitSeconds] = STEPS.find(([limit]) => size < limit) ?? STEPS[STEPS.length - 1];
  return relative().format(Math.round(seconds / unitSeconds), unit);
}
