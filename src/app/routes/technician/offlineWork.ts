import type { Appointment, UpdateStatusBody } from '@contract/appointments';
import { STATUS_OF_TECHNICIAN_STATUS } from '@contract/statuses';
import type { TimeLogBody } from '@contract/timeLogs';
import { formatShortDate, jobStatusText, type JobTag, logJobLabel } from '@/features/jobs';
import type { NewQueuedChange, QueuedChange } from '@/features/offline';
import type { QueuedLogChange, TimeLogTag } from '@/features/timeLogs';

/**
 * The technician's changes that are kept on the device while offline and sent later: what each one sends and makes
 * stale, how it reads in the list of queued changes, and how the calendar, the day's logs and the jobs show it
 * meanwhile. The offline domain keeps and sends them without knowing what they are; the time logs and jobs domains
 * show them without knowing of a queue.
 */

export const OFFLINE_KINDS = {
  createLog: 'timeLog.create',
  updateLog: 'timeLog.update',
  deleteLog: 'timeLog.delete',
  status: 'job.status',
} as const;

const LOG_TAGS: TimeLogTag[] = ['TimeLog', 'TimeLogReview'];
// A job's status also moves the counts and the technician's workload.
const STATUS_TAGS: JobTag[] = ['Job', 'Employee'];

function logLabel(verb: string, body: Pick<TimeLogBody, 'date' | 'startTime' | 'endTime' | 'appointmentId'>, jobsById: ReadonlyMap<string, Appointment>): string {
  return `${verb} · ${formatShortDate(body.date)}, ${body.startTime}–${body.endTime} · ${logJobLabel(body.appointmentId, jobsById)}`;
}

export function createLogChange(body: TimeLogBody, jobsById: ReadonlyMap<string, Appointment>): NewQueuedChange {
  return {
    kind: OFFLINE_KINDS.createLog,
    subject: null,
    label: logLabel('Log time', body, jobsById),
    request: { method: 'POST', url: '/time-logs', body },
    tags: LOG_TAGS,
    editable: true,
  };
}

export function updateLogChange(logId: string, body: TimeLogBody, jobsById: ReadonlyMap<string, Appointment>): NewQueuedChange {
  return {
    kind: OFFLINE_KINDS.updateLog,
    subject: logId,
    label: logLabel('Edit log', body, jobsById),
    request: { method: 'PUT', url: `/time-logs/${encodeURIComponent(logId)}`, body },
    tags: LOG_TAGS,
    editable: true,
  };
}

export function deleteLogChange(log: Pick<TimeLogBody, 'date' | 'startTime' | 'endTime' | 'appointmentId'> & { id: string }, jobsById: ReadonlyMap<string, Appointment>): NewQueuedChange {
  return {
    kind: OFFLINE_KINDS.deleteLog,
    subject: log.id,
    label: logLabel('Delete log', log, jobsById),
    request: { method: 'DELETE', url: `/time-logs/${encodeURIComponent(log.id)}` },
    tags: LOG_TAGS,
    editable: false,
  };
}

/** The job as it will be once the status change is made (the server still sets the times). */
function withStatus(job: Appointment, body: UpdateStatusBody): Appointment {
  const { stage: _stage, ...rest } = job;
  const status = STATUS_OF_TECHNICIAN_STATUS[body.status];
  return status === 'IN_PROGRESS' ? { ...rest, status, stage: body.stage ?? job.stage ?? 'IN_PROGRESS' } : { ...rest, status };
}

/**
 * A status change of `job`. Only the first change queued for a job carries the version it was made on (a stale one
 * is refused); the ones after it build on it, so they carry none.
 */
export function statusChange(job: Appointment, body: UpdateStatusBody, queued: readonly QueuedChange[]): NewQueuedChange {
  const follows = queued.some((change) => change.kind === OFFLINE_KINDS.status && change.subject === job.id && change.state !== 'refused');
  const { expectedVersion, ...rest } = body;
  const sent: UpdateStatusBody = follows || expectedVersion === undefined ? rest : { ...rest, expectedVersion };
  return {
    kind: OFFLINE_KINDS.status,
    subject: job.id,
    label: `Status: ${jobStatusText(withStatus(job, body))} · ${job.customer.fullName}, ${job.vehicle.plate}`,
    request: { method: 'PATCH', url: `/appointments/${encodeURIComponent(job.id)}/status`, body: sent },
    tags: STATUS_TAGS,
    editable: false,
  };
}

/** The queued changes of the technician's logs, for the calendar and the day's list. */
export function queuedLogChanges(queued: readonly QueuedChange[]): QueuedLogChange[] {
  const changes: QueuedLogChange[] = [];
  for (const change of queued) {
    const common = { key: change.id, state: change.state, ...(change.refusal && { refusal: change.refusal }) };
    const body = change.request.body as TimeLogBody | undefined;
    if (change.kind === OFFLINE_KINDS.createLog) changes.push({ ...common, kind: 'create', body });
    else if (change.kind === OFFLINE_KINDS.updateLog && change.subject) changes.push({ ...common, kind: 'update', logId: change.subject, body });
    else if (change.kind === OFFLINE_KINDS.deleteLog && change.subject) changes.push({ ...common, kind: 'delete', logId: change.subject });
  }
  return changes;
}

/** Per job, its last queued status change. */
export function queuedStatuses(queued: readonly QueuedChange[]): ReadonlyMap<string, QueuedChange> {
  const byJob = new Map<string, QueuedChange>();
  for (const change of queued) if (change.kind === OFFLINE_KINDS.status && change.subject) byJob.set(change.subject, change);
  return byJob;
}

/** The jobs as they will be once the waiting status changes are made (a refused one leaves the job as it is). */
export function jobsWithQueuedStatus(jobs: readonly Appointment[], statuses: ReadonlyMap<string, QueuedChange>): readonly Appointment[] {
  if (statuses.size === 0) return jobs;
  return jobs.map((job) => {
    const change = statuses.get(job.id);
    return change && change.state !== 'refused' ? withStatus(job, change.request.body as UpdateStatusBody) : job;
  });
}

/** What a job's row says of its queued status change. */
export function queuedStatusText(change: QueuedChange): string {
  if (change.state === 'refused') return `Status change not sent${change.refusal ? `: ${change.refusal}` : ''}`;
  return change.state === 'sending' ? 'Sending the status change…' : 'Status change waiting to be sent';
}
