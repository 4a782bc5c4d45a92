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
 * Ongoing Services ignores the date, because a job started yesterday (or awaiting parts) is still worked on today;
 * with the Day filter set, all three columns show that day only.
 */
export function boardQueries(today: string, day: string | null): BoardQueries {
  const dates = day !== null ? { from: day, to: day } : { from: today };
  const counts: Record<BoardColumn, AppointmentCountsQuery> = { unassigned: dates, upcoming: dates, ongoing: day !== null ? dates : {} };
  const listOf = (column: BoardColumn): JobFilters => ({ status: BOARD_COLUMN_STATUS[column], ...counts[column] });
  return { lists: { unassigned: listOf('unassigned'), upcoming: listOf('upcoming'), ongoing: listOf('ongoing') }, counts };
}
