import type { TimeLog, TimeLogBody } from '@contract/timeLogs';
import { wrappedMinutesBetween } from './duration';

/**
 * A change of the technician's logs made on the device and not on the server yet (the page's offline queue says
 * which). The logs stay server data; this only derives what the calendar and the day's list show meanwhile.
 */
export interface QueuedLogChange {
  /** The queued change's id. */
  key: string;
  kind: 'create' | 'update' | 'delete';
  /** The server's log it changes (update, delete). */
  logId?: string;
  /** The values (create, update). */
  body?: TimeLogBody;
  state: 'waiting' | 'sending' | 'refused';
  /** The server's message when it refused the change. */
  refusal?: string;
}

/** A log as shown: the server's, or one only on this device, with what is still to be sent for it. */
export type ShownLog = TimeLog & { queued?: Pick<QueuedLogChange, 'key' | 'kind' | 'state' | 'refusal'> };

export const NO_QUEUED_CHANGES: readonly QueuedLogChange[] = [];

const QUEUED_PREFIX = 'queued:';

/** The id a log only on this device is shown with (its queued change's key). */
export function queuedLogId(key: string): string {
  return `${QUEUED_PREFIX}${key}`;
}

/** The queued change's key of a log shown from the device, or null for a log on the server. */
export function queuedKeyOf(logId: string): string | null {
  return logId.startsWith(QUEUED_PREFIX) ? logId.slice(QUEUED_PREFIX.length) : null;
}

function withBody(log: TimeLog, body: TimeLogBody): TimeLog {
  const { appointmentId: _job, ...rest } = log;
  return {
    ...rest,
    ...(body.appointmentId && { appointmentId: body.appointmentId }),
    date: body.date,
    startTime: body.startTime,
    endTime: body.endTime,
    description: body.description,
    durationMinutes: wrappedMinutesBetween(body.startTime, body.endTime) ?? 0,
  };
}

function newLog(change: QueuedLogChange & { body: TimeLogBody }): TimeLog {
  const blank: TimeLog = {
    id: queuedLogId(change.key),
    employeeId: '',
    date: change.body.date,
    startTime: change.body.startTime,
    endTime: change.body.endTime,
    durationMinutes: 0,
    description: change.body.description,
    createdAt: '',
    updatedAt: '',
    reviewState: 'SUBMITTED',
    version: 0,
  };
  return withBody(blank, change.body);
}

/**
 * The server's logs with the queued changes applied in order: a new log appears, an edited one shows its new values,
 * a deleted one stays (marked) until the server has the deletion. Returns `logs` itself when nothing is queued.
 */
export function withQueuedChanges(logs: readonly TimeLog[], changes: readonly QueuedLogChange[]): readonly ShownLog[] {
  if (changes.length === 0) return logs;
  const shown: ShownLog[] = [...logs];
  for (const change of changes) {
    const queued = { key: change.key, kind: change.kind, state: change.state, ...(change.refusal && { refusal: change.refusal }) };
    if (change.kind === 'create' && change.body) {
      shown.push({ ...newLog({ ...change, body: change.body }), queued });
      continue;
    }
    const index = shown.findIndex((log) => log.id === change.logId);
    if (index < 0) continue;
    if (change.kind === 'update' && change.body) shown[index] = { ...withBody(shown[index], change.body), queued };
    else if (change.kind === 'delete') shown[index] = { ...shown[index], queued };
  }
  return shown;
}

const beingDeleted = (log: ShownLog) => log.queued?.kind === 'delete' && log.queued.state !== 'refused';

/** The logs that count in the day totals: all shown but those waiting to be deleted. */
export function countedLogs(logs: readonly ShownLog[]): readonly ShownLog[] {
  return logs.some(beingDeleted) ? logs.filter((log) => !beingDeleted(log)) : logs;
}

const QUEUED_TEXT: Record<QueuedLogChange['kind'], Record<QueuedLogChange['state'], string>> = {
  create: { waiting: 'Saved on this device, waiting to be sent', sending: 'Sending…', refused: 'Not sent' },
  update: { waiting: 'Change saved on this device, waiting to be sent', sending: 'Sending the change…', refused: 'Change not sent' },
  delete: { waiting: 'Deletion waiting to be sent', sending: 'Deleting…', refused: 'Deletion not sent' },
};

/** What a log's queued change says on screen (and to a screen reader), with the server's message if it refused. */
export function queuedLogText(queued: NonNullable<ShownLog['queued']>): string {
  const text = QUEUED_TEXT[queued.kind][queued.state];
  return queued.state === 'refused' && queued.refusal ? `${text}: ${queued.refusal}` : text;
}
