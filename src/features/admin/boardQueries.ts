import type { AppointmentCountsQuery } from '@contract/appointments';
import type { AppointmentStatus } from '@contract/statuses';
import type { AppointmentFilters } from '@/features/jobs/jobsApi';
import type { BoardColumn } from '@/features/jobs/labels';

/** The status each board column shows (the inverse of BOARD_COLUMN_OF). */
export const COLUMN_STATUS: Record<BoardColumn, AppointmentStatus> = {
  unassigned: 'PENDING',
  upcoming: 'CONFIRMED',
  ongoing: 'IN_PROGRESS',
};

export interface BoardQueries {
  /** What each column asks GET /api/appointments for (the server answers date+slot ascending: soonest first). */
  lists: Record<BoardColumn, AppointmentFilters>;
  /** What each column's total comes from: GET /api/appointments/counts over the same dates as its list. */
  counts: Record<BoardColumn, AppointmentCountsQuery>;
}

/**
 * The board's requests for `today` (the viewer's `YYYY-MM-DD`), or for one `day` when the Day filter is set.
 *
 * From today on: Awaiting Assignment is every unassigned booking from today, Upcoming Services every assigned
 * job not yet started from today, and Ongoing Services every job in progress whatever its date — a job started
 * yesterday (or one whose day has passed while it awaits parts) is still being worked on today.
 * With a day: the three columns show that day's jobs only.
 */
export function boardQueries(today: string, day: string | null): BoardQueries {
  if (day !== null) {
    const range = { from: day, to: day };
    return {
      lists: {
        unassigned: { status: COLUMN_STATUS.unassigned, ...range },
        upcoming: { status: COLUMN_STATUS.upcoming, ...range },
        ongoing: { status: COLUMN_STATUS.ongoing, ...range },
      },
      counts: { unassigned: range, upcoming: range, ongoing: range },
    };
  }
  const fromToday = { from: today };
  return {
    lists: {
      unassigned: { status: COLUMN_STATUS.unassigned, ...fromToday },
      upcoming: { status: COLUMN_STATUS.upcoming, ...fromToday },
      ongoing: { status: COLUMN_STATUS.ongoing },
    },
    counts: { unassigned: fromToday, upcoming: fromToday, ongoing: {} },
  };
}
