import type { AppointmentCountsQuery } from '@contract/appointments';
import type { JobFilters } from '../jobsApi';
import { BOARD_COLUMN_STATUS, type BoardColumn } from '../labels';

export interface BoardQueries {
  /** What each column asks GET /api/appointments for (the server answers date+slot ascending: soonest first). */
  lists: Record<BoardColumn, JobFilters>;
  /** What each column's total comes from: GET /api/appointments/counts over the same dates as its list. */
  counts: Record<BoardColumn, AppointmentCountsQuery>;
}

/**
 * The board's requests for `today` (the viewer's `YYYY-MM-DD`), or for one `day` when the Day filter is set.
 *
 * From today on: Awaiting Assignment is every unassigned booking from today, Upcoming Services every assigned
 * job not yet started from today, and Ongoing Services every job in progress whatever its date — a job started
 * yesterday (or one whose day has passed while it awaits parts) is still being worked on today.
 * With a day: the three columns show that day's jobs only. Each column's total is counted over its list's dates.
 */
export function boardQueries(today: string, day: string | null): BoardQueries {
  const dates = day !== null ? { from: day, to: day } : { from: today };
  const counts: Record<BoardColumn, AppointmentCountsQuery> = { unassigned: dates, upcoming: dates, ongoing: day !== null ? dates : {} };
  const listOf = (column: BoardColumn): JobFilters => ({ status: BOARD_COLUMN_STATUS[column], ...counts[column] });
  return { lists: { unassigned: listOf('unassigned'), upcoming: listOf('upcoming'), ongoing: listOf('ongoing') }, counts };
}
