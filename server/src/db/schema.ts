import { type ColumnType, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Role } from '../contract/auth';
import type { MailState, NotificationAudience, NotificationKind } from '../contract/notifications';
import type { AccountMailFacts, MailKind } from '../mail/texts';
import type { JobHistoryEvent } from '../contract/reports';
import type { AppointmentStatus, Stage } from '../contract/statuses';
import type { TimeLogReviewState } from '../contract/timeLogs';
import type { LowStockFacts, NotificationFacts } from '../notifications/texts';

export { ROLES, type Role } from '../contract/auth';

/**
 * Timestamps (timestamptz) are read as Date and always written as ISO-8601 strings: a representation every
 * driver (pg, PGlite) accepts the same way, and the app's clock (injectable in tests) stays the only source of
 * "now". Calendar dates (date) and shop wall-clock times (timestamp without time zone) are read as the text
 * PostgreSQL prints ('2026-11-23', '2026-11-23 09:30:00'): see db/connect.ts.
 */
type Timestamp = ColumnType<Date, string, string>;
type NullableTimestamp = ColumnType<Date | null, string | null | undefined, string | null>;
/** `YYYY-MM-DD` */
type CalendarDate = string;
/** `YYYY-MM-DD HH:MM:SS`, the shop's wall-clock time. */
type LocalDateTime = string;

/** A point in time as a query operand (e.g. `where('expires_at', '>', at(now))`), passed as an ISO string. */
export function at(ms: number): RawBuilder<Date> {
  return sql<Date>`${new Date(ms).toISOString()}`;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  full_name: string;
  phone_number: string;
  address: string;
  role: Role;
  department: string | null;
  employee_id: string | null;
  google_sub: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  /** EMPLOYEE only: when an admin approved the technician (NULL: awaiting approval), and which admin (0005). */
  approved_at: NullableTimestamp;
  approved_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** E-mail about their jobs (migration 0010): on unless the user turned it off in their profile. */
  email_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the address was shown to be the owner's (migration 0015); NULL: unverified, no job e-mail goes to it. */
  email_verified_at: NullableTimestamp;
  /** A new address asked for on the Account page, until its link is opened (migration 0015). */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One sign-in = one session = one refresh-token rotation family. `expires_at` is absolute and never extended. */
export interface SessionsTable {
  id: string;
  user_id: string;
  device_info: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/**
 * Refresh tokens are stored only as SHA-256 hashes. Once spent, `successor_pair` holds the pair issued in
 * exchange, encrypted with a key derived from the spent token itself (see auth/successorBox.ts), so the
 * same pair can be handed back within REFRESH_REUSE_LEEWAY without the database ever holding a usable token.
 */
export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
  successor_id: string | null;
  successor_pair: string | null;
}

/** The catalogue (migration 0002): the spec's six booking types, six slots, and the footer's three offices. */
export interface ServiceTypesTable {
  code: string;
  name: string;
  description: string;
  duration_minutes: number;
  price: number;
  position: number;
}

export interface TimeSlotsTable {
  /** `HH:MM`, the slot's start in the shop's time zone. */
  start: string;
  label: string;
  position: number;
}

export interface ServiceCentersTable {
  id: string;
  name: string;
  address: string;
  phone: string;
  bays: number;
  position: number;
}

export interface VehiclesTable {
  id: string;
  customer_id: string;
  plate: string;
  make: string | null;
  model: string | null;
  year: number | null;
  created_at: Timestamp;
}

/** One row is one job, from booking to done (docs/api-contract.md § "The shop"). */
export interface AppointmentsTable {
  id: string;
  version: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  status: AppointmentStatus;
  stage: Stage | null;
  customer_id: string;
  vehicle_id: string;
  service_type: string;
  center_id: string;
  date: CalendarDate;
  slot: string;
  /** Which of the centre's bays the job holds in its slot (1…bays). */
  bay: number;
  assigned_employee_id: string | null;
  started_at: NullableTimestamp;
  estimated_completion: NullableTimestamp;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  progress: number | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Work time: start and end are stored, the duration is derived (end may fall on the next day). */
export interface TimeLogsTable {
  id: string;
  employee_id: string;
  appointment_id: string | null;
  starts_at: LocalDateTime;
  ends_at: LocalDateTime;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Review (migration 0007): SUBMITTED until an admin approves or rejects it (with a reason). */
  review_state: ColumnType<TimeLogReviewState, TimeLogReviewState | undefined, TimeLogReviewState>;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  version: ColumnType<number, number | undefined, number | RawBuilder<number>>;
}

/**
 * One row per change of a job (migration 0006), written by triggers on appointments in the change's own
 * transaction. `employee_id`: the technician concerned; `from_*`/`to_*`: RESCHEDULED only.
 */
export interface JobHistoryTable {
  id: ColumnType<string, never, never>;
  appointment_id: string;
  event: JobHistoryEvent;
  occurred_at: Timestamp;
  actor_id: string | null;
  status: AppointmentStatus;
  stage: Stage | null;
  employee_id: string | null;
  from_date: CalendarDate | null;
  from_slot: string | null;
  to_date: CalendarDate | null;
  to_slot: string | null;
}

/**
 * Google sign-in's one-time codes (migration 0004): SHA-256 of the code and of the browser-binding cookie's
 * value, the user and device the session will be started for, a 60 s expiry and `used_at` once exchanged.
 */
export interface OAuthCodesTable {
  code_hash: string;
  binding_hash: string;
  user_id: string;
  device_info: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Rate-limit counters (migration 0003, server/src/limits/counters.ts): hits of one rule and key in a window. */
export interface RateLimitCountersTable {
  rule: string;
  key: string;
  hits: number;
  expires_at: Timestamp;
}

/** The landing page's contact messages (migration 0008); `read_at` NULL: unread. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: ColumnType<string, string | undefined, string>;
  message: string;
  created_at: Timestamp;
  read_at: NullableTimestamp;
  read_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Newsletter addresses (migration 0008), lower-cased and unique. */
export interface NewsletterSubscribersTable {
  id: string;
  email: string;
  created_at: Timestamp;
}

/**
 * One notification per recipient (migrations 0010, 0014), written by the job-history trigger (and, about a part's
 * stock, by inventory/sql/30_low_stock.sql, with no appointment); `read_at` NULL:
 * unread. Its audience and facts are worded by notifications/texts.ts; rows of an older server hold their text.
 */
export interface NotificationsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  kind: NotificationKind;
  audience: ColumnType<NotificationAudience | null, NotificationAudience | null | undefined, never>;
  appointment_id: string | null;
  params: ColumnType<NotificationFacts | LowStockFacts | null, never, never>;
  title: ColumnType<string | null, string | null | undefined, never>;
  message: ColumnType<string | null, string | null | undefined, never>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

/**
 * The e-mail outbox (migrations 0010, 0014): written with the change, sent by server/src/mail/worker.ts. The facts
 * (`params`) are worded when it is sent; rows of an older server hold their subject and text. Job e-mails are
 * written by the database (notifications/sql/30_notify.sql); account e-mails by the account domain, whose facts are
 * written as JSON text.
 */
export interface EmailOutboxTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string | null;
  appointment_id: string | null;
  kind: MailKind;
  recipient: string;
  params: ColumnType<NotificationFacts | AccountMailFacts | null, string | undefined, never>;
  subject: ColumnType<string | null, string | null | undefined, never>;
  text_body: ColumnType<string | null, string | null | undefined, never>;
  html_body: ColumnType<string | null, string | null | undefined, string | null>;
  message_id: ColumnType<string, string | undefined, never>;
  state: ColumnType<MailState, MailState | undefined, MailState>;
  attempts: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: NullableTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** The sql/ files applied, with their checksums (migration 0013, db/objects.ts). */
export interface SchemaObjectsTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, string | undefined, string | RawBuilder<string>>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  service_types: ServiceTypesTable;
  time_slots: TimeSlotsTable;
  service_centers: ServiceCentersTable;
  vehicles: VehiclesTable;
  appointments: AppointmentsTable;
  time_logs: TimeLogsTable;
  job_history: JobHistoryTable;
  rate_limit_counters: RateLimitCountersTable;
  oauth_codes: OAuthCodesTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  notifications: NotificationsTable;
  email_outbox: EmailOutboxTable;
  schema_objects: SchemaObjectsTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
