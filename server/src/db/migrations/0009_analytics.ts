import { type Kysely, sql } from 'kysely';

/**
 * Analytics: daily rollups that GET /api/analytics reads instead of the base tables, kept exact by the triggers of
 * analytics/sql/30_rollups.sql (which also builds them from the base tables whenever it changes).
 * - `analytics_settings`: the time zone the rollups' days are counted in. UTC until the server sets SHOP_TIME_ZONE
 *   at start and rebuilds them when it differs (analytics/rollups.ts).
 * - `analytics_bookings_daily`: appointments per day booked (created_at's day) × service type × current status.
 * - `analytics_jobs`: per appointment, the seconds clocked on it (logs not rejected) and, while it is COMPLETED,
 *   what it adds to `analytics_completed_daily` (technician, day, service type, start → completion seconds).
 * - `analytics_completed_daily`: completed jobs per completion day × technician × service type. Revenue and expected
 *   hours are read at query time from the catalogue.
 * - `analytics_time_daily`: per technician × day a log starts on, seconds logged and, of those, on a job.
 * Rows may fall to zero and stay. Each rollup's primary key leads with its day (the period's range scan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_settings (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      time_zone text NOT NULL
    )`.execute(db);
  await sql`INSERT INTO analytics_settings (time_zone) VALUES ('UTC')`.execute(db);

  await sql`
    CREATE TABLE analytics_bookings_daily (
      day          date NOT NULL,
      service_type text NOT NULL,
      status       text NOT NULL,
      bookings     integer NOT NULL,
      PRIMARY KEY (day, service_type, status)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_jobs (
      appointment_id  uuid PRIMARY KEY,
      clocked_seconds bigint NOT NULL DEFAULT 0,
      credited_to     uuid,
      credited_day    date,
      service_type    text,
      work_seconds    bigint,
      CONSTRAINT analytics_jobs_credit_complete CHECK (
        (credited_to IS NULL) = (credited_day IS NULL) AND (credited_to IS NULL) = (service_type IS NULL)
        AND (credited_to IS NULL) = (work_seconds IS NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_completed_daily (
      day             date NOT NULL,
      employee_id     uuid NOT NULL,
      service_type    text NOT NULL,
      jobs            integer NOT NULL,
      work_seconds    bigint NOT NULL,
      clocked_seconds bigint NOT NULL,
      PRIMARY KEY (day, employee_id, service_type)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_time_daily (
      day            date NOT NULL,
      employee_id    uuid NOT NULL,
      logged_seconds bigint NOT NULL,
      job_seconds    bigint NOT NULL,
      PRIMARY KEY (day, employee_id)
    )`.execute(db);
}

/** Also drops the triggers that write the tables (they would fail every change of a job or a log without them). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS analytics_time_logs ON time_logs`.execute(db);
  await sql`DROP TRIGGER IF EXISTS analytics_appointments ON appointments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_rebuild()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_time_logs_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_appointments_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_clock_job(uuid, bigint)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_seconds(timestamptz, timestamptz)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_seconds(timestamp, timestamp)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_log_time(date, uuid, bigint, bigint)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_credit(date, uuid, text, integer, bigint, bigint)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS analytics_count_booking(date, text, text, integer)`.execute(db);
  await sql`DROP TABLE IF EXISTS analytics_time_daily, analytics_completed_daily, analytics_jobs, analytics_bookings_daily, analytics_settings`.execute(db);
}
