/** One change made while offline, kept on the device until the server has it. Plain data (it is stored as is). */
export interface QueuedChange {
  /** Made on the device (crypto.randomUUID) and sent as the Idempotency-Key: a resend has no second effect. */
  id: string;
  /** What kind of change it is, in the words of the code that queued it (e.g. "timeLog.create"). */
  kind: string;
  /** What it changes (a log's or a job's id), or null (a new log). */
  subject: string | null;
  /** What the person reads for it, e.g. "Log time · Mar 10, 2026, 09:00–10:00 · Toyota Prius (CAD-3312)". */
  label: string;
  request: QueuedRequest;
  /** The RTK Query tags its answer makes stale. */
  tags: string[];
  /** Whether it can be opened again to fix it (a log's values) rather than only discarded. */
  editable: boolean;
  /** ISO instant it was queued. */
  queuedAt: string;
  state: QueuedChangeState;
  /** The server's message when it refused the change. */
  refusal?: string;
}

/** waiting: to be sent (again); sending: on its way; refused: the server said no (the person decides). */
export type QueuedChangeState = 'waiting' | 'sending' | 'refused';

export interface QueuedRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the API base, e.g. "/time-logs". */
  url: string;
  body?: unknown;
}

/** What the code queuing a change says about it; the queue adds the id, the time and the state. */
export type NewQueuedChange = Omit<QueuedChange, 'id' | 'queuedAt' | 'state' | 'refusal'>;
