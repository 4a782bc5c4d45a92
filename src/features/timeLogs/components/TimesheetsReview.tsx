import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Check, CheckCheck, ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { ReviewedTimeLog, ReviewTotals, TechnicianWeek } from '@contract/timeLogs';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { PageHeader } from '@/components/PageHeader';
import { TextField } from '@/components/TextField';
import { useToday } from '@/lib/useToday';
import { formatDuration } from '../duration';
import { ReviewStateBadge } from './ReviewStateBadge';
import { isDateKey } from '@/lib/calendar';
import { RejectLogDialog, type RejectTarget } from './RejectLogDialog';
import { useApproveTimeLogMutation, useApproveWeekMutation, useGetTimeLogReviewQuery } from '../timesheetsApi';
import { logDayLabel, mondayOf, shiftWeek, weekFromParam, weekLabel } from '../week';
import styles from './TimesheetsReview.module.css';

export const NO_LOGS_MESSAGE = 'No time logs this week';
const NO_JOB = 'Not linked to a job';

/** "Mon, Jun 3, 09:00–10:30". */
function logWhen(log: ReviewedTimeLog): string {
  return `${logDayLabel(log.date)}, ${log.startTime}–${log.endTime}`;
}

function jobOf(log: ReviewedTimeLog): string {
  return log.job ? `${log.job.plate} · ${log.job.serviceName}` : NO_JOB;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Total, then the minutes per state, as a definition list. */
function Totals({ totals, label }: { totals: ReviewTotals; label: string }) {
  return (
    <dl className={styles.totals} aria-label={label}>
      <div>
        <dt>Total</dt>
        <dd>{formatDuration(totals.totalMinutes)}</dd>
      </div>
      <div>
        <dt>Approved</dt>
        <dd>{formatDuration(totals.approvedMinutes)}</dd>
      </div>
      <div>
        <dt>Submitted</dt>
        <dd>{formatDuration(totals.submittedMinutes)}</dd>
      </div>
      <div>
        <dt>Rejected</dt>
        <dd>{formatDuration(totals.rejectedMinutes)}</dd>
      </div>
    </dl>
  );
}

interface SectionProps {
  entry: TechnicianWeek;
  week: string;
  busy: string | null;
  onApprove: (log: ReviewedTimeLog, name: string) => void;
  onReject: (log: ReviewedTimeLog, name: string) => void;
  onApproveAll: (entry: TechnicianWeek) => void;
}

/** One technician's week: totals per state, Approve all, and each log with its state and actions. */
function TechnicianSection({ entry, week, busy, onApprove, onReject, onApproveAll }: SectionProps) {
  const headingId = useId();
  const name = entry.employee.fullName;
  const pending = entry.totals.submitted;
  return (
    <section aria-labelledby={headingId} className={styles.technician}>
      <div className={styles.technicianHeader}>
        <div>
          <h2 id={headingId} className={styles.name}>
            {name}
          </h2>
          <p className={styles.meta}>
            {entry.employee.department && `${entry.employee.department} · `}
            {plural(entry.totals.logs, 'log')}
            {pending > 0 && `, ${pending} awaiting review`}
          </p>
        </div>
        {pending > 0 && (
          <Button
            size="sm"
            startIcon={<CheckCheck aria-hidden="true" />}
            loading={busy === `week:${entry.employee.id}`}
            disabled={busy !== null}
            aria-label={`Approve all submitted logs of ${name}`}
            onClick={() => onApproveAll(entry)}
          >
            Approve all
          </Button>
        )}
      </div>
      <Totals totals={entry.totals} label={`Totals of ${name}`} />
      <table className={styles.table}>
        <caption className="visually-hidden">
          Time logs of {name}, week of {weekLabel(week)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Duration</th>
            <th scope="col">Job</th>
            <th scope="col">Description</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entry.logs.map((log) => (
            <tr key={log.id}>
              <th scope="row" className={styles.date}>
                {logDayLabel(log.date)}
              </th>
              <td data-label="Time" className={styles.numeric}>
                {log.startTime}–{log.endTime}
              </td>
              <td data-label="Duration" className={styles.numeric}>
                {formatDuration(log.durationMinutes)}
              </td>
              <td data-label="Job">{jobOf(log)}</td>
              <td data-label="Description" className={styles.description}>
                {log.description}
              </td>
              <td data-label="State">
                <ReviewStateBadge state={log.reviewState} />
                {log.reviewState === 'REJECTED' && log.reviewReason && <span className={styles.reason}>Reason: {log.reviewReason}</span>}
              </td>
              <td className={styles.actions}>
                {log.reviewState === 'SUBMITTED' && (
                  <div className={styles.buttons}>
                    <Button
                      size="sm"
                      variant="secondary"
                      startIcon={<Check aria-hidden="true" />}
                      loading={busy === log.id}
                      disabled={busy !== null}
                      aria-label={`Approve ${name}, ${logWhen(log)}`}
                      onClick={() => onApprove(log, name)}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      startIcon={<X aria-hidden="true" />}
                      disabled={busy !== null}
                      aria-label={`Reject ${name}, ${logWhen(log)}`}
                      onClick={() => onReject(log, name)}
                    >
                      Reject
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A decision on a log someone changed meanwhile (409) alerts and reloads, so the admin sees the log as it now is. */
export function TimesheetsReview() {
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const week = weekFromParam(params.get('week'), today);
  const thisWeek = mondayOf(today);
  const { currentData, isFetching, error, refetch } = useGetTimeLogReviewQuery({ week });
  const [approve] = useApproveTimeLogMutation();
  const [approveWeek] = useApproveWeekMutation();
  const { pending: busy, error: actionError, announcement, run, announce, setError: setActionError, reset } = useRowAction();
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  // The date box as typed (a browser's date box may be briefly empty or partial while edited); it shows the week's
  // Monday again whenever the week changes.
  const [dateDraft, setDateDraft] = useState(week);
  const [draftWeek, setDraftWeek] = useState(week);
  if (draftWeek !== week) {
    setDraftWeek(week);
    setDateDraft(week);
  }

  const showWeek = (monday: string) => {
    reset();
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('week', monday);
      return next;
    });
  };

  const handleApprove = (log: ReviewedTimeLog, name: string) =>
    void run(log.id, async () => {
      await approve({ id: log.id, expectedVersion: log.version }).unwrap();
      return `Approved ${name}, ${logWhen(log)}.`;
    });

  const handleApproveAll = (entry: TechnicianWeek) =>
    void run(`week:${entry.employee.id}`, async () => {
      const { approved } = await approveWeek({ employeeId: entry.employee.id, week }).unwrap();
      return `Approved ${plural(approved, 'log')} of ${entry.employee.fullName}.`;
    });

  const handleReject = (log: ReviewedTimeLog, name: string) => {
    reset();
    setRejecting({ log, summary: `${name} · ${logWhen(log)} · ${formatDuration(log.durationMinutes)}` });
  };

  const review = currentData;
  return (
    <div className={styles.page}>
      <PageHeader title="Timesheets">Review the hours technicians logged: approve them, or reject them with a reason the technician will see.</PageHeader>

      <nav aria-label="Week" className={styles.weekPicker}>
        <Button variant="secondary" size="sm" startIcon={<ChevronLeft aria-hidden="true" />} onClick={() => showWeek(shiftWeek(week, -1))}>
          Previous week
        </Button>
        <TextField
          label="Week of"
          type="date"
          value={dateDraft}
          containerClassName={styles.weekField}
          onChange={(event) => {
            setDateDraft(event.target.value);
            if (isDateKey(event.target.value)) showWeek(mondayOf(event.target.value));
          }}
        />
        <Button variant="secondary" size="sm" endIcon={<ChevronRight aria-hidden="true" />} onClick={() => showWeek(shiftWeek(week, 1))}>
          Next week
        </Button>
        {week !== thisWeek && (
          <Button variant="ghost" size="sm" onClick={() => showWeek(thisWeek)}>
            This week
          </Button>
        )}
      </nav>
      <p className={styles.weekLabel} aria-live="polite">
        {weekLabel(week)}
      </p>

      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      {actionError && (
        <Alert variant="error" onDismiss={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}

      <DataState
        isLoading={!review && isFetching}
        error={error && !isFetching ? messageOf(error) : null}
        onRetry={() => void refetch()}
        loadingLabel="Loading the week's time logs"
      >
        {review && review.technicians.length === 0 && <p className={styles.empty}>{NO_LOGS_MESSAGE}</p>}
        {review && review.technicians.length > 0 && (
          <>
            <div className={styles.weekTotals}>
              <span aria-hidden="true" className={styles.weekTotalsLabel}>
                Week totals
              </span>
              <Totals totals={review.totals} label="Totals of the week" />
            </div>
            {review.technicians.map((entry) => (
              <TechnicianSection
                key={entry.employee.id}
                entry={entry}
                week={week}
                busy={busy}
                onApprove={handleApprove}
                onReject={handleReject}
                onApproveAll={handleApproveAll}
              />
            ))}
          </>
        )}
      </DataState>

      {rejecting && (
        <RejectLogDialog
          target={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={(target) => {
            setRejecting(null);
            announce(`Rejected ${target.summary}.`);
          }}
          onStale={(message) => {
            setRejecting(null);
            setActionError(message);
          }}
        />
      )}
    </div>
  );
}
