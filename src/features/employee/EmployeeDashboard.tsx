import { useCallback, useMemo, useState } from 'react';
import type { TimeLog } from '@contract/timeLogs';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Spinner } from '@/components/Spinner';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { jobSelected, selectSelectedJobId } from '@/features/services/servicesSlice';
import { formatDuration } from '@/features/timeLogs/duration';
import { monthGridRange, rangeForDay } from '@/features/timeLogs/logsByDate';
import {
  daySelected,
  logFormClosed,
  logFormOpened,
  logSaved,
  monthShown,
  selectLogDraft,
  selectSelectedDate,
  selectVisibleMonth,
} from '@/features/timeLogs/timeLogsSlice';
import { type DateKey, type MonthKey, formatDayLabel, monthOfDate, toDateKey } from '@/lib/calendar';
import AssignedServicesList from './AssignedServicesList';
import DashboardStats from './DashboardStats';
import DayLogsPanel from './DayLogsPanel';
import LogTimePanel from './LogTimePanel';
import UpdateStatusPanel from './UpdateStatusPanel';
import { useTechnicianJobs } from './useTechnicianJobs';
import { AwaitingApproval, useApprovalStatus } from './AwaitingApproval';
import WorkCalendar from './WorkCalendar';
import styles from './EmployeeDashboard.module.css';

/**
 * Spec §2 "Employee dashboard" (rendered by DashboardRouter for EMPLOYEE at /dashboard, inside the dashboard
 * layout's <main>): greeting, counts, Assigned Services with the Update Status / Log Time panels, and the Monthly
 * Work Summary calendar with the selected day's logs — all of it the server's data (jobsApi, timeLogsApi). The
 * client state (filter, visible month, selected day, the job whose status panel is open, the Log Time draft)
 * lives in the services and timeLogs slices, so a reload keeps it.
 *
 * The prototype's quick action cards (Manage Inventory, Unassigned Services, Service Scheduling) led nowhere and
 * no such screens exist for a technician, so they are not shown.
 *
 * A technician account awaiting an admin's approval (the profile's approvalStatus) sees only that message: no job
 * or time-log request is made, since the server refuses them (403) until the account is approved.
 */
export default function EmployeeDashboard() {
  const user = useAppSelector(selectCurrentUser);
  const approval = useApprovalStatus();
  const name = user?.firstName || user?.fullName || 'there';

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Welcome back, {name}</h1>
        {approval === 'APPROVED' && <p className={styles.subtitle}>Your assigned services, status updates and logged hours at a glance.</p>}
      </header>
      {approval === 'LOADING' && <Spinner label="Loading your dashboard" showLabel />}
      {approval === 'PENDING' && <AwaitingApproval />}
      {approval === 'APPROVED' && <TechnicianDashboard />}
    </div>
  );
}

/** The dashboard of an approved technician: counts, Assigned Services, the calendar and the panels. */
function TechnicianDashboard() {
  const dispatch = useAppDispatch();
  const [today] = useState(() => toDateKey(new Date()));
  const month: MonthKey = useAppSelector(selectVisibleMonth) ?? monthOfDate(today);
  const selectedDate: DateKey = useAppSelector(selectSelectedDate) ?? today;
  const statusJobId = useAppSelector(selectSelectedJobId);
  const draft = useAppSelector(selectLogDraft);
  const [announcement, setAnnouncement] = useState('');
  const { jobs, jobsById, isLoading, error, retry } = useTechnicianJobs(today);
  const visibleRange = useMemo(() => monthGridRange(month), [month]);
  const dayRange = useMemo(() => rangeForDay(selectedDate, visibleRange), [selectedDate, visibleRange]);

  const openStatusPanel = useCallback((jobId: string) => dispatch(jobSelected(jobId)), [dispatch]);
  const closeStatusPanel = useCallback(() => dispatch(jobSelected(null)), [dispatch]);
  const openLogPanel = useCallback(
    (jobId: string) =>
      dispatch(logFormOpened({ editingId: null, appointmentId: jobId, date: today, startTime: '', endTime: '', description: '' })),
    [dispatch, today],
  );
  const editLog = useCallback(
    (log: TimeLog) =>
      dispatch(
        logFormOpened({
          editingId: log.id,
          appointmentId: log.appointmentId ?? null,
          date: log.date,
          startTime: log.startTime,
          endTime: log.endTime,
          description: log.description,
        }),
      ),
    [dispatch],
  );
  const closeLogPanel = useCallback(() => dispatch(logFormClosed()), [dispatch]);
  const changeMonth = useCallback((value: MonthKey) => dispatch(monthShown(value)), [dispatch]);
  const selectDate = useCallback((value: DateKey) => dispatch(daySelected(value)), [dispatch]);

  // After a save the calendar shows the log's day, and a polite status message confirms it.
  const handleLogSaved = useCallback(
    (log: TimeLog, edited: boolean) => {
      dispatch(logSaved(log.date));
      setAnnouncement(`${edited ? 'Updated' : 'Logged'} ${formatDuration(log.durationMinutes)} on ${formatDayLabel(log.date)}.`);
    },
    [dispatch],
  );
  const handleLogDeleted = useCallback(() => setAnnouncement('Log entry deleted.'), []);

  const statusJob = statusJobId ? jobsById.get(statusJobId) : undefined;

  return (
    <>
      <DashboardStats />

      <div className={styles.columns}>
        <AssignedServicesList
          jobs={jobs}
          isLoading={isLoading}
          error={error}
          onRetry={retry}
          onUpdateStatus={openStatusPanel}
          onLogTime={openLogPanel}
        />
        <div className={styles.calendarColumn}>
          <WorkCalendar
            month={month}
            range={visibleRange}
            selectedDate={selectedDate}
            today={today}
            onMonthChange={changeMonth}
            onSelectDate={selectDate}
          />
          <DayLogsPanel date={selectedDate} range={dayRange} jobsById={jobsById} onEdit={editLog} onDeleted={handleLogDeleted} />
        </div>
      </div>

      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {statusJob && <UpdateStatusPanel key={statusJob.id} job={statusJob} onClose={closeStatusPanel} />}
      {draft && <LogTimePanel draft={draft} jobs={jobs} jobsById={jobsById} onClose={closeLogPanel} onSaved={handleLogSaved} />}
    </>
  );
}
