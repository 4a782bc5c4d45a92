import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Appointment, UpdateStatusBody } from '@contract/appointments';
import type { TimeLog, TimeLogBody } from '@contract/timeLogs';
import { getAppStore } from '@/app/appStore';
import { keptOnDevice } from '@/app/deviceData';
import { Spinner } from '@/components/Spinner';
import { AwaitingApproval, selectCurrentUser, useApprovalStatus } from '@/features/auth';
import { ExtraWorkButton } from '@/features/billing';
import { AssignedJobsList, JobCounts, UpdateJobStatusDialog, jobSelected, selectSelectedJobId, useTechnicianJobs } from '@/features/jobs';
import { JobPartsButton } from '@/features/inventory';
import { QueuedChangesPanel, type QueuedChange, useOfflineQueue } from '@/features/offline';
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
  queuedKeyOf,
  queuedLogId,
  rangeForDay,
  selectLogDraft,
  selectSelectedDate,
  selectVisibleMonth,
  type ShownLog,
} from '@/features/timeLogs';
import { type DateKey, type MonthKey, formatDayLabel, monthOfDate, toDateKey } from '@/lib/calendar';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { TechnicianDashboardIntro } from './DashboardIntro';
import styles from './dashboard.module.css';
import {
  OFFLINE_KINDS,
  createLogChange,
  deleteLogChange,
  jobsWithQueuedStatus,
  queuedLogChanges,
  queuedStatusText,
  queuedStatuses,
  statusChange,
  updateLogChange,
} from './offlineWork';

/** Said (politely, to screen readers too) when a change is kept on the device instead of being sent. */
export const QUEUED_ANNOUNCEMENT = 'Saved on this device. It will be sent when you are back online.';

/**
 * An account awaiting approval sees only that and asks the server for nothing (it would answer 403). The prototype's
 * quick action cards led nowhere, so they are not shown.
 */
export function Component() {
  // What the device kept for this technician is put back as soon as it is read (this page has no loader to wait for
  // it). Not awaited with use(): suspending this page on it made React recover from a concurrent-render error (#520)
  // in about one run in three of test/e2e/employee.spec.ts's Log Time journey.
  useEffect(() => {
    void keptOnDevice(getAppStore().store);
  }, []);
  const user = useAppSelector(selectCurrentUser);
  const approval = useApprovalStatus();
  const name = user?.firstName || user?.fullName || 'there';

  return (
    <div className={styles.page}>
      <TechnicianDashboardIntro name={name} approved={approval === 'APPROVED'} />
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
  const { jobs: serverJobs, jobsById: serverJobsById, isLoading, error, retry } = useTechnicianJobs(today);
  // Offline, changes are kept on the device and shown as they will be, marked as not sent yet.
  const { online, changes: queued, enqueue, replace, discard } = useOfflineQueue();
  const logChanges = useMemo(() => queuedLogChanges(queued), [queued]);
  const statuses = useMemo(() => queuedStatuses(queued), [queued]);
  const jobs = useMemo(() => jobsWithQueuedStatus(serverJobs, statuses), [serverJobs, statuses]);
  const jobsById = useMemo(() => (jobs === serverJobs ? serverJobsById : new Map(jobs.map((job) => [job.id, job]))), [jobs, serverJobs, serverJobsById]);
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
    (log: ShownLog) =>
      dispatch(
        logFormOpened({
          // A log with a change not sent yet is edited in the queue: the change is replaced, not followed by another.
          editingId: log.queued && log.queued.kind !== 'delete' ? queuedLogId(log.queued.key) : log.id,
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

  const queueLog = useCallback(
    (body: TimeLogBody) => {
      const editingId = draft?.editingId ?? null;
      const key = editingId ? queuedKeyOf(editingId) : null;
      const existing = key ? queued.find((change) => change.id === key) : undefined;
      if (key && existing?.kind === OFFLINE_KINDS.updateLog && existing.subject) replace(key, updateLogChange(existing.subject, body, serverJobsById));
      else if (key) replace(key, createLogChange(body, serverJobsById));
      else if (editingId) enqueue(updateLogChange(editingId, body, serverJobsById));
      else enqueue(createLogChange(body, serverJobsById));
      dispatch(logSaved(body.date));
      setAnnouncement(online ? 'Sending the corrected entry.' : QUEUED_ANNOUNCEMENT);
    },
    [draft, queued, replace, enqueue, dispatch, online, serverJobsById],
  );
  const queueDelete = useCallback(
    (log: ShownLog) => {
      const key = queuedKeyOf(log.id);
      if (key) {
        // Only on this device: deleting it drops it.
        discard(key);
        setAnnouncement('Log entry deleted.');
        return true;
      }
      if (online) return false;
      enqueue(deleteLogChange(log, serverJobsById));
      setAnnouncement(QUEUED_ANNOUNCEMENT);
      return true;
    },
    [discard, enqueue, online, serverJobsById],
  );
  const queueStatus = useCallback(
    (body: UpdateStatusBody) => {
      const job = statusJobId ? serverJobsById.get(statusJobId) : undefined;
      if (!job) return;
      enqueue(statusChange(job, body, queued));
      setAnnouncement(QUEUED_ANNOUNCEMENT);
    },
    [statusJobId, serverJobsById, enqueue, queued],
  );
  const renderStatusNote = useCallback(
    (job: Appointment) => {
      const change = statuses.get(job.id);
      return change ? <p className={styles.queuedNote}>{queuedStatusText(change)}</p> : null;
    },
    [statuses],
  );
  const editQueued = useCallback(
    (change: QueuedChange) => {
      const body = change.request.body as TimeLogBody | undefined;
      if (!body) return;
      dispatch(
        logFormOpened({
          editingId: queuedLogId(change.id),
          appointmentId: body.appointmentId ?? null,
          date: body.date,
          startTime: body.startTime,
          endTime: body.endTime,
          description: body.description,
        }),
      );
    },
    [dispatch],
  );

  const statusJob = statusJobId ? jobsById.get(statusJobId) : undefined;
  // Offline (or editing an entry that is only on this device), the form's entry is queued instead of sent.
  const queueingLog = !online || (draft?.editingId != null && queuedKeyOf(draft.editingId) !== null);

  return (
    <>
      <JobCounts />
      <QueuedChangesPanel changes={queued} onEdit={editQueued} onDiscard={discard} />

      <div className={styles.columns}>
        <AssignedJobsList
          jobs={jobs}
          isLoading={isLoading}
          error={error}
          onRetry={retry}
          onUpdateStatus={openStatusPanel}
          renderActions={renderJobActions}
          renderStatusNote={renderStatusNote}
        />
        <div className={styles.calendarColumn}>
          <WorkCalendar
            month={month}
            range={visibleRange}
            selectedDate={selectedDate}
            today={today}
            onMonthChange={changeMonth}
            onSelectDate={selectDate}
            queued={logChanges}
          />
          <DayLogsPanel
            date={selectedDate}
            range={dayRange}
            jobsById={jobsById}
            onEdit={editLog}
            onDeleted={handleLogDeleted}
            queued={logChanges}
            queueDelete={queueDelete}
          />
        </div>
      </div>

      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {statusJob && <UpdateJobStatusDialog key={statusJob.id} job={statusJob} onClose={closeStatusPanel} onQueue={online ? undefined : queueStatus} />}
      {draft && (
        <LogTimeDialog
          draft={draft}
          jobs={jobs}
          jobsById={jobsById}
          onClose={closeLogPanel}
          onSaved={handleLogSaved}
          onQueue={queueingLog ? queueLog : undefined}
        />
      )}
    </>
  );
}
