import { use, useCallback, useMemo, useState } from 'react';
import type { Appointment } from '@contract/appointments';
import type { TimeLog } from '@contract/timeLogs';
import { getAppStore } from '@/app/appStore';
import { restoringOnDevice } from '@/app/deviceData';
import { Spinner } from '@/components/Spinner';
import { AwaitingApproval, selectCurrentUser, useApprovalStatus } from '@/features/auth';
import { ExtraWorkButton } from '@/features/billing';
import { AssignedJobsList, JobCounts, UpdateJobStatusDialog, jobSelected, selectSelectedJobId, useTechnicianJobs } from '@/features/jobs';
import { JobPartsButton } from '@/features/inventory';
import {
  DayLogsPanel,
  LogTimeButton,
  LogTimeDialog,
  WorkCalendar,
  daySelected,
  formatDuration,
  logFormClosed,
  logFormOpened,
  logSaved,
  monthGridRange,
  monthShown,
  rangeForDay,
  selectLogDraft,
  selectSelectedDate,
  selectVisibleMonth,
} from '@/features/timeLogs';
import { type DateKey, type MonthKey, formatDayLabel, monthOfDate, toDateKey } from '@/lib/calendar';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import styles from './dashboard.module.css';

/**
 * An account awaiting approval sees only that and asks the server for nothing (it would answer 403). The prototype's
 * quick action cards led nowhere, so they are not shown.
 */
export function Component() {
  // What the device kept for this technician is back before the first paint (this page has no loader to wait for
  // it): the dashboard shows it at once, then reads the server.
  const restoring = restoringOnDevice(getAppStore().store);
  if (restoring) use(restoring);
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
  const renderJobActions = useCallback(
    (job: Appointment, describedBy: string) => (
      <>
        <LogTimeButton jobId={job.id} describedBy={describedBy} onLogTime={openLogPanel} />
        <JobPartsButton job={job} describedBy={describedBy} />
        <ExtraWorkButton job={job} describedBy={describedBy} />
      </>
    ),
    [openLogPanel],
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
      <JobCounts />

      <div className={styles.columns}>
        <AssignedJobsList
          jobs={jobs}
          isLoading={isLoading}
          error={error}
          onRetry={retry}
          onUpdateStatus={openStatusPanel}
          renderActions={renderJobActions}
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

      {statusJob && <UpdateJobStatusDialog key={statusJob.id} job={statusJob} onClose={closeStatusPanel} />}
      {draft && <LogTimeDialog draft={draft} jobs={jobs} jobsById={jobsById} onClose={closeLogPanel} onSaved={handleLogSaved} />}
    </>
  );
}
