import { useRef, useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Button } from '@/components/Button';
import {
  assignmentClosed,
  assignmentOpened,
  boardDayChanged,
  selectAssigningId,
  selectBoardDay,
} from '@/features/appointments/appointmentsSlice';
import { formatCalendarDate, vehicleName } from '@/features/jobs/format';
import { useGetAppointmentCountsQuery, useGetCatalogQuery } from '@/features/jobs/jobsApi';
import { BOARD_COLUMN_STATUS, BOARD_COLUMNS, type BoardColumn } from '@/features/jobs/labels';
import { AppointmentColumn } from './AppointmentColumn';
import { AssignEmployeeModal } from './AssignEmployeeModal';
import { boardQueries } from './boardQueries';
import { DayFilter } from './DayFilter';
import { useBoardColumn } from './useBoardColumn';
import { useToday } from '@/lib/useToday';
import styles from './AdminDashboard.module.css';

/** The empty text of each column. */
const EMPTY_TEXT: Record<BoardColumn, string> = {
  upcoming: 'No upcoming services.',
  ongoing: 'No services in progress.',
  unassigned: 'No appointments are awaiting assignment.',
};

/**
 * Spec §2 "Admin dashboard", on the real shop: Upcoming Services, Ongoing Services and Awaiting Assignment from
 * the server, from today on (soonest first) or for the one day the Day filter picks; today's date in the header.
 * Assign Employee opens a dialog over the registered technicians; an assignment moves the card to Upcoming
 * Services because the board refetches (the mutation invalidates the 'Job' tag).
 */
export default function AdminDashboard() {
  const dispatch = useAppDispatch();
  const boardDay = useAppSelector(selectBoardDay);
  const assigningId = useAppSelector(selectAssigningId);
  const [announcement, setAnnouncement] = useState('');
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The viewer's calendar day: the header and the board's "from today on" move on at midnight.
  const today = useToday();
  const queries = boardQueries(today, boardDay);

  const columns: Record<BoardColumn, ReturnType<typeof useBoardColumn>> = {
    upcoming: useBoardColumn(queries.lists.upcoming),
    ongoing: useBoardColumn(queries.lists.ongoing),
    unassigned: useBoardColumn(queries.lists.unassigned),
  };
  // True totals, never the number of loaded cards (requests with equal arguments are shared).
  const counts: Record<BoardColumn, ReturnType<typeof useGetAppointmentCountsQuery>> = {
    upcoming: useGetAppointmentCountsQuery(queries.counts.upcoming),
    ongoing: useGetAppointmentCountsQuery(queries.counts.ongoing),
    unassigned: useGetAppointmentCountsQuery(queries.counts.unassigned),
  };
  const totalOf = (column: BoardColumn) => counts[column].currentData?.byStatus[BOARD_COLUMN_STATUS[column]];

  const { currentData: catalog, isError: catalogFailed } = useGetCatalogQuery();
  const describeService = (code: string) => catalog?.serviceTypes.find((type) => type.code === code)?.description;

  // The dialog's job: the card as the board has it now; if it leaves the board while the dialog is open (someone
  // else assigned it — the 409 the dialog shows), the dialog keeps the last known copy.
  const liveJob = assigningId === null ? undefined : columns.unassigned.jobs.find((job) => job.id === assigningId);
  const [keptJob, setKeptJob] = useState<Appointment | null>(null);
  if (liveJob !== undefined && liveJob !== keptJob) setKeptJob(liveJob);
  const assigning = liveJob ?? (keptJob !== null && keptJob.id === assigningId ? keptJob : null);

  function handleAssigned(job: Appointment, employeeName: string) {
    dispatch(assignmentClosed());
    setAnnouncement(`Assigned ${employeeName} to ${vehicleName(job.vehicle)} (${job.vehicle.plate}).`);
  }

  function dismissAnnouncement() {
    setAnnouncement('');
    // The button disappears; keep focus on the page rather than dropping it to <body>.
    titleRef.current?.focus();
  }

  /**
   * A column is drawn once what would push its cards down has had its first answer: the columns above it (stacked on
   * a phone) and, for Awaiting Assignment, the catalogue its cards take service descriptions from.
   */
  function isDrawn(column: BoardColumn, index: number) {
    const above = BOARD_COLUMNS.slice(0, index).every((other) => columns[other].answered);
    return above && (column !== 'unassigned' || catalog !== undefined || catalogFailed);
  }

  function renderColumn(column: BoardColumn) {
    return (
      <AppointmentColumn
        key={column}
        column={column}
        state={columns[column]}
        total={totalOf(column)}
        emptyText={EMPTY_TEXT[column]}
        {...(column === 'unassigned' && {
          describeService,
          onAssign: (job: Appointment) => dispatch(assignmentOpened(job.id)),
          focusHeld: assigning !== null,
        })}
      />
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
            Admin Dashboard
          </h1>
          <p className={styles.subtitle}>
            {boardDay === null
              ? 'Services from today on, soonest first. Assign technicians to new appointments.'
              : `Services on ${formatCalendarDate(boardDay)}, soonest first.`}
          </p>
        </div>
        <p className={styles.date}>
          <CalendarDays aria-hidden="true" />
          <span className="visually-hidden">Today is </span>
          <time dateTime={today}>{formatCalendarDate(today)}</time>
        </p>
      </header>

      <DayFilter day={boardDay} onChange={(day) => dispatch(boardDayChanged(day))} />

      <div className={announcement ? styles.announcement : undefined}>
        {/* Always rendered so screen readers announce the message when it changes. */}
        <div role="status" aria-live="polite">
          {announcement}
        </div>
        {announcement && (
          <Button variant="ghost" size="sm" aria-label="Dismiss message" onClick={dismissAnnouncement}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>

      <div className={styles.columns}>
        {BOARD_COLUMNS.filter(isDrawn).map(renderColumn)}
      </div>

      {assigning !== null && (
        <AssignEmployeeModal
          key={assigning.id}
          job={assigning}
          onAssigned={handleAssigned}
          onClose={() => dispatch(assignmentClosed())}
        />
      )}
    </div>
  );
}
