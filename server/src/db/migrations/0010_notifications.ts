import { type Kysely, sql } from 'kysely';

/**
 * Notifications and the e-mail outbox (issue 16): notifications (one row per recipient), email_outbox,
 * users.email_notifications; a trigger on job_history writes both in the change's transaction.
 *
 * Written by the database itself, like the job history (migration 0006) it follows: a statement-level AFTER INSERT
 * trigger on job_history hands the new entries' ids to `notify_job_changes`, which writes, in one set-based
 * statement, one notification per recipient and one e-mail per customer who wants them. So a change that fails or
 * rolls back leaves neither, and a committed one never loses its mail (the worker, server/src/mail/worker.ts,
 * sends what the outbox holds).
 *
 * Who is told (contract/notifications.ts): BOOKED → every active admin (BOOKING_RECEIVED); ASSIGNED → the
 * technician and the customer (JOB_ASSIGNED); STARTED → the customer (JOB_STARTED); STAGE_CHANGED to
 * AWAITING_PARTS → the customer (JOB_AWAITING_PARTS); COMPLETED → the customer (JOB_COMPLETED); CANCELLED and
 * RESCHEDULED → the technician (on a move that took the job off them, that one) and every active admin. Never the
 * entry's actor. Other entries (UNASSIGNED, REOPENED, WORK_RESET, STATUS_CHANGED, other stages) tell nobody.
 *
 * E-mail (the customer only, when users.email_notifications and active): their booking ("we received your
 * booking", even though they made it), assignment, start, awaiting parts and completion.
 *
 * Switched off for a transaction with `set_config('carcare.notifications', 'off', true)`: the demo seed writes a
 * whole workshop's past at once and must not flood the admins or mail its made-up customers; it then calls
 * `notify_job_changes(ids, false)` for the few entries worth a notification (demo/seed.ts).
 *
 * Texts: the vehicle is "Make Model (PLATE)" (the plate alone when neither is known), as the SPA's
 * vehicleWithPlate writes it; the time "Jun 4, 2030, 09:00-10:00 AM": the date as its formatShortDate, then the
 * slot's label (src/features/jobs/format.ts; a comma inside a sentence where its screens put " · ").
 */

/** The ids of the outbox's states. */
const MAIL_STATES = "'PENDING', 'SENT', 'FAILED'";

/** A job's vehicle, as people read it: "Toyota Corolla (CAB-4821)", or "CAB-4821" alone. */
const VEHICLE = `CASE WHEN btrim(concat_ws(' ', v.make, v.model)) = '' THEN v.plate
                      ELSE btrim(concat_ws(' ', v.make, v.model)) || ' (' || v.plate || ')' END`;

/** A date and a slot label: "Jun 4, 2030, 09:00-10:00 AM" (to_char without TM is always English). */
const when = (date: string, label: string) => `to_char(${date}, 'Mon FMDD, YYYY') || ', ' || ${label}`;

const FOOTER = `E'\\n\\n— CarCare\\n\\nYou receive these e-mails because e-mail notifications are on in your CarCare profile; you can turn them off there.'`;

/**
 * The one statement that writes the notifications and e-mails for the job-history entries of `source` (a table
 * or transition table of job_history rows) that match `filter` (SQL on the alias given); `withMail` (SQL boolean): also the
 * e-mails. Used by the trigger (on its transition table) and by notify_job_changes (entries by id, for the seed).
 * Each entry is first given its kind (`k`; none: it tells nobody), then matched to its recipients (`m`), so only
 * the texts called for are ever built.
 */
function notifyStatement(source: string, filter: (alias: string) => string, withMail: string): string {
  return `
      WITH f AS (
        SELECT k.kind, h.event, h.occurred_at, h.actor_id, a.id AS appointment_id,
               a.customer_id, cu.full_name AS customer_name, cu.email AS customer_email,
               cu.email_notifications AND cu.is_active AS customer_mail,
               -- the technician concerned: the one assigned, or the one a move took the job off
               coalesce(h.employee_id, off.employee_id) AS technician_id,
               h.employee_id IS NULL AND off.employee_id IS NOT NULL AS technician_taken_off,
               tech.full_name AS technician_name,
               coalesce(actor.full_name, '') AS actor_name,
               ${VEHICLE} AS vehicle,
               st.name AS service, c.name AS centre, c.address AS centre_address,
               ${when('a.date', 'ts.label')} AS at_text,
               CASE WHEN h.event = 'RESCHEDULED' THEN ${when('h.from_date', 'from_ts.label')} END AS from_text,
               CASE WHEN h.event = 'RESCHEDULED' THEN ${when('h.to_date', 'to_ts.label')} END AS to_text
          FROM ${source} h
         -- the one place that says which entry is which kind; entries of no kind tell nobody
         CROSS JOIN LATERAL (SELECT CASE
                  WHEN h.event = 'BOOKED' THEN 'BOOKING_RECEIVED'
                  WHEN h.event = 'ASSIGNED' THEN 'JOB_ASSIGNED'
                  WHEN h.event = 'STARTED' THEN 'JOB_STARTED'
                  WHEN h.event = 'STAGE_CHANGED' AND h.stage = 'AWAITING_PARTS' THEN 'JOB_AWAITING_PARTS'
                  WHEN h.event = 'COMPLETED' THEN 'JOB_COMPLETED'
                  WHEN h.event = 'CANCELLED' THEN 'BOOKING_CANCELLED'
                  WHEN h.event = 'RESCHEDULED' THEN 'BOOKING_RESCHEDULED'
                END AS kind) k
          JOIN appointments a ON a.id = h.appointment_id
          JOIN users cu ON cu.id = a.customer_id
          JOIN vehicles v ON v.id = a.vehicle_id
          JOIN service_types st ON st.code = a.service_type
          JOIN service_centers c ON c.id = a.center_id
          JOIN time_slots ts ON ts.start = a.slot
          LEFT JOIN time_slots from_ts ON from_ts.start = h.from_slot
          LEFT JOIN time_slots to_ts ON to_ts.start = h.to_slot
          LEFT JOIN LATERAL (
            SELECT u.employee_id FROM ${source} u
             WHERE h.event = 'RESCHEDULED' AND (${filter('u')}) AND u.appointment_id = h.appointment_id AND u.event = 'UNASSIGNED'
             LIMIT 1
          ) off ON true
          LEFT JOIN users tech ON tech.id = coalesce(h.employee_id, off.employee_id)
          LEFT JOIN users actor ON actor.id = h.actor_id
         WHERE (${filter('h')}) AND k.kind IS NOT NULL
      ),
      told AS (
        INSERT INTO notifications (user_id, kind, appointment_id, title, message, created_at)
        SELECT r.user_id, m.kind, f.appointment_id,
               CASE m.kind
                 WHEN 'BOOKING_RECEIVED' THEN 'New booking'
                 WHEN 'JOB_ASSIGNED' THEN CASE m.audience WHEN 'TECHNICIAN' THEN 'New job assigned' ELSE 'Technician assigned' END
                 WHEN 'JOB_STARTED' THEN 'Work started'
                 WHEN 'JOB_AWAITING_PARTS' THEN 'Awaiting parts'
                 WHEN 'JOB_COMPLETED' THEN 'Job completed'
                 WHEN 'BOOKING_CANCELLED' THEN 'Booking cancelled'
                 WHEN 'BOOKING_RESCHEDULED' THEN 'Booking rescheduled'
               END,
               CASE m.kind
                 WHEN 'BOOKING_RECEIVED' THEN
                   f.customer_name || ' booked ' || f.service || ' for their ' || f.vehicle || ' on ' || f.at_text || ' at ' || f.centre || '.'
                 WHEN 'JOB_ASSIGNED' THEN CASE m.audience
                   WHEN 'TECHNICIAN' THEN
                     f.service || ' on ' || f.customer_name || '''s ' || f.vehicle || ', ' || f.at_text || ' at ' || f.centre || ', is now assigned to you.'
                   ELSE
                     coalesce(f.technician_name, 'A technician') || ' will work on your ' || f.vehicle || ': ' || f.service || ' on ' || f.at_text || ' at ' || f.centre || '.'
                   END
                 WHEN 'JOB_STARTED' THEN 'Work has started on your ' || f.vehicle || ': ' || f.service || '.'
                 WHEN 'JOB_AWAITING_PARTS' THEN 'Your ' || f.vehicle || ' is waiting for parts: ' || f.service || ' will continue once they arrive.'
                 WHEN 'JOB_COMPLETED' THEN 'Your ' || f.vehicle || ' is ready: ' || f.service || ' is completed.'
                 WHEN 'BOOKING_CANCELLED' THEN
                   f.service || ' for ' || f.customer_name || '''s ' || f.vehicle || ' on ' || f.at_text || ' at ' || f.centre || ' was cancelled'
                     || CASE WHEN f.actor_name = '' THEN '' ELSE ' by ' || f.actor_name END || '.'
                     || CASE m.audience WHEN 'TECHNICIAN' THEN ' It is off your schedule.' ELSE '' END
                 WHEN 'BOOKING_RESCHEDULED' THEN
                   f.service || ' for ' || f.customer_name || '''s ' || f.vehicle || ' at ' || f.centre || ' moved from ' || f.from_text || ' to ' || f.to_text
                     || CASE
                          WHEN NOT f.technician_taken_off THEN '.'
                          WHEN m.audience = 'TECHNICIAN' THEN '. You have another job at that time, so it is no longer assigned to you.'
                          ELSE ' and needs a technician again.'
                        END
               END,
               f.occurred_at
          FROM f
          JOIN (VALUES
            ('BOOKING_RECEIVED', 'ADMINS'),
            ('JOB_ASSIGNED', 'TECHNICIAN'),
            ('JOB_ASSIGNED', 'CUSTOMER'),
            ('JOB_STARTED', 'CUSTOMER'),
            ('JOB_AWAITING_PARTS', 'CUSTOMER'),
            ('JOB_COMPLETED', 'CUSTOMER'),
            ('BOOKING_CANCELLED', 'ADMINS'),
            ('BOOKING_CANCELLED', 'TECHNICIAN'),
            ('BOOKING_RESCHEDULED', 'ADMINS'),
            ('BOOKING_RESCHEDULED', 'TECHNICIAN')
          ) AS m(kind, audience) ON m.kind = f.kind
         CROSS JOIN LATERAL (
           SELECT u.id AS user_id FROM users u WHERE m.audience = 'ADMINS' AND u.role = 'ADMIN' AND u.is_active
           UNION ALL SELECT f.customer_id WHERE m.audience = 'CUSTOMER'
           UNION ALL SELECT f.technician_id WHERE m.audience = 'TECHNICIAN' AND f.technician_id IS NOT NULL
         ) AS r
         WHERE r.user_id IS DISTINCT FROM f.actor_id
        RETURNING 1
      )
      INSERT INTO email_outbox (user_id, appointment_id, kind, recipient, subject, text_body, next_attempt_at, created_at)
      SELECT f.customer_id, f.appointment_id, f.kind, f.customer_email,
             CASE f.kind
               WHEN 'BOOKING_RECEIVED' THEN 'We received your booking: ' || f.service || ' on ' || f.at_text
               WHEN 'JOB_ASSIGNED' THEN 'Technician assigned: ' || f.service || ' on ' || f.at_text
               WHEN 'JOB_STARTED' THEN 'Work started on your ' || f.vehicle
               WHEN 'JOB_AWAITING_PARTS' THEN 'Waiting for parts: your ' || f.vehicle
               WHEN 'JOB_COMPLETED' THEN 'Your ' || f.vehicle || ' is ready'
             END,
             'Hello ' || f.customer_name || E',\n\n'
               || CASE f.kind
                    WHEN 'BOOKING_RECEIVED' THEN 'We received your booking. We will let you know when a technician is assigned.'
                    WHEN 'JOB_ASSIGNED' THEN coalesce(f.technician_name, 'A technician') || ' will work on your ' || f.vehicle || '.'
                    WHEN 'JOB_STARTED' THEN 'Work has started on your ' || f.vehicle || '.'
                    WHEN 'JOB_AWAITING_PARTS' THEN 'Your ' || f.vehicle || ' is waiting for parts. The work will continue once they arrive.'
                    WHEN 'JOB_COMPLETED' THEN 'Your ' || f.vehicle || ' is ready: ' || f.service || ' is completed. You can collect it at ' || f.centre || '.'
                  END
               || E'\n\n  Service: ' || f.service || E'\n  Vehicle: ' || f.vehicle || E'\n  When:    ' || f.at_text
               || E'\n  Where:   ' || f.centre || ', ' || f.centre_address || ${FOOTER},
             f.occurred_at, f.occurred_at
        FROM f
       WHERE (${withMail}) AND f.customer_mail
         AND f.kind IN ('BOOKING_RECEIVED', 'JOB_ASSIGNED', 'JOB_STARTED', 'JOB_AWAITING_PARTS', 'JOB_COMPLETED')
         -- the customer's own booking is confirmed; anything else they did themselves is not mailed
         AND (f.event = 'BOOKED' OR f.actor_id IS DISTINCT FROM f.customer_id)`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The table's shape is fixed here first (migration 0011's live-event trigger reads id, user_id and
  // appointment_id); kinds as in contract/notifications.ts.
  await sql`
    CREATE TABLE notifications (
      id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind           text NOT NULL CONSTRAINT notifications_kind_check CHECK (kind IN (
                       'BOOKING_RECEIVED', 'JOB_ASSIGNED', 'JOB_STARTED', 'JOB_AWAITING_PARTS', 'JOB_COMPLETED',
                       'BOOKING_CANCELLED', 'BOOKING_RESCHEDULED')),
      appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
      title          text NOT NULL,
      message        text NOT NULL,
      created_at     timestamptz NOT NULL,
      read_at        timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true`.execute(db);

  // One row per e-mail. `message_id` is fixed when the row is written, so a mail sent twice (a worker killed
  // after the server took it, before the row was marked SENT) is one message to the recipient's mail system.
  // A worker claims a due PENDING row by setting `locked_until` (its lease) and `lease_token`; SENT rows are
  // never claimed again.
  await sql`
    CREATE TABLE email_outbox (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id         uuid REFERENCES users (id) ON DELETE CASCADE,
      appointment_id  uuid REFERENCES appointments (id) ON DELETE SET NULL,
      kind            text NOT NULL,
      recipient       text NOT NULL,
      subject         text NOT NULL,
      text_body       text NOT NULL,
      html_body       text,
      message_id      text NOT NULL UNIQUE DEFAULT ('<' || gen_random_uuid() || '@carcare.local>'),
      state           text NOT NULL DEFAULT 'PENDING' CONSTRAINT email_outbox_state_check CHECK (state IN (${sql.raw(MAIL_STATES)})),
      attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL,
      locked_until    timestamptz,
      lease_token     uuid,
      sent_at         timestamptz,
      last_error      text,
      created_at      timestamptz NOT NULL,
      CONSTRAINT email_outbox_sent_when_sent CHECK ((state = 'SENT') = (sent_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at, id) WHERE state = 'PENDING'`.execute(db);

  // The notifications and e-mails the job-history entries `history_ids` call for (with_mail: also the e-mails).
  await sql`
    CREATE FUNCTION notify_job_changes(history_ids bigint[], with_mail boolean) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(notifyStatement('job_history', (alias) => `${alias}.id = ANY (history_ids)`, 'with_mail'))};
    END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION notifications_after_job_history() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('carcare.notifications', true), '') <> 'off' THEN
        ${sql.raw(notifyStatement('new_rows', () => 'true', 'true'))};
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER notifications_on_job_history AFTER INSERT ON job_history
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_job_history()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS notifications_on_job_history ON job_history`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notifications_after_job_history()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notify_job_changes(bigint[], boolean)`.execute(db);
  await sql`DROP TABLE IF EXISTS email_outbox`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
}
