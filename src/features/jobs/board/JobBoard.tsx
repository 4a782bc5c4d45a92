import { Fragment, type ReactNode, useCallback, useRef, useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { useToday } from '@/lib/useToday';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import {
  assignmentClosed,
  assignmentOpened,
  boardDayChanged,
  selectAssigningId,
  selectBoardDay,
} from '../appointmentsSlice';
import { formatCalendarDate, vehicleName } from '../format';
import { useGetJobCountsQuery, useGetCatalogQuery } from '../jobsApi';
import { BOARD_COLUMN_STATUS, BOARD_COLUMNS, type BoardColumn } from '../labels';
import { BoardColumn as Column } from './BoardColumn';
import { boardQueries } from './boardQueries';
import { DayFilter } from './DayFilter';
import { JobBoardIntro } from './JobBoardIntro';
import { useBoardColumn } from './useBoardColumn';
import styles from './JobBoard.module.css';

/** What the Assign Employee dialog gets; the dialog itself is the staff domain's, composed by the page. */
export interface AssignDialogProps {
  job: Appointment;
  /** After the server assigned `employeeName` (the dialog is done). */
  onAssigned: (job: Appointment, employeeName: string) => void;
  onClose: () => void;
}

export interface JobBoardProps {
  renderAssignDialog: (props: AssignDialogProps) => ReactNode;
  /** What ends each card (its report), from another domain. The cards are drawn again when this function changes. */
  renderCardFooter?: (job: Appointment) => ReactNode;
  /** Beside each card's customer address (whether it is verified), from another domain; as above. */
  renderCustomerStatus?: (job: Appointment) => ReactNode;
}

/** The empty text of each column. */
const EMPTY_TEXT: Record<BoardColumn, string> = {
  upcoming: 'No upcoming services.',
  ongoing: 'No services in progress.',
  unassigned: 'No appointments are awaiting assignment.',
};

/**
 * Spec §2 "Admin dashboard": Upcoming Services, Ongoing Services and Awaiting Assignment, from today on or for the
 * day the Day filter picks. An assignment moves the card because the board refetches (the 'Job' tag).
 */
export function JobBoard({ renderAssignDialog, renderCardFooter, renderCustomerStatus }: JobBoardProps) {
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
  const counts: Record<BoardColumn, ReturnType<typeof useGetJobCountsQuery>> = {
    upcoming: useGetJobCountsQuery(queries.counts.upcoming),
    ongoing: useGetJobCountsQuery(queries.counts.ongoing),
    unassigned: useGetJobCountsQuery(queries.counts.unassigned),
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

  // One function for the board's life: the cards awaiting assignment are drawn again only when they change.
  const openAssignment = useCallback((job: Appointment) => dispatch(assignmentOpened(job.id)), [dispatch]);

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
      <Column
        key={column}
        column={column}
        state={columns[column]}
        total={totalOf(column)}
        emptyText={EMPTY_TEXT[column]}
        renderCardFooter={renderCardFooter}
        renderCustomerStatus={renderCustomerStatus}
        {...(column === 'unassigned' && {
          describeService,
          onAssign: openAssignment,
          focusHeld: assigning !== null,
        })}
      />
    );
  }

  return (
    <div className={styles.page}>
      <JobBoardIntro
        titleRef={titleRef}
        subtitle={boardDay === null ? undefined : `Services on ${formatCalendarDate(boardDay)}, soonest first.`}
        today={
          <p className={styles.date}>
            <CalendarDays aria-hidden="true" />
            <span className="visually-hidden">Today is </span>
            <time dateTime={today}>{formatCalendarDate(today)}</time>
          </p>
        }
      />

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

      {/* Keyed by job, so the dialog starts fresh for each. */}
      {assigning !== null && (
        <Fragment key={assigning.id}>{renderAssignDialog({ job: assigning, onAssigned: handleAssigned, onClose: () => dispatch(assignmentClosed()) })}</Fragment>
      )}
    </div>
  );
}
