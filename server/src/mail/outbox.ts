import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isoAt } from '../clock';
import type { Db } from '../db/schema';
import { printable } from '../domain/text';
import { jobMail, type NotificationFacts } from '../notifications/texts';
import { openLink } from './links';
import { ACCOUNT_MAIL_KINDS, accountMail, type AccountMailFacts, isAccountMail, type MailKind } from './texts';

/**
 * The e-mail outbox: rows written by the job-history trigger in the change's own transaction, claimed and sent by
 * the worker (worker.ts), worded when claimed (notifications/texts.ts). The rules that make it safe with any number of workers:
 * - A worker claims due PENDING rows with `FOR UPDATE SKIP LOCKED` and gives each a lease (`locked_until`, and a
 *   `lease_token` of its own): no other worker takes the row until the lease has run out — so two never send one
 *   row at once, and the row of a worker that died mid-send is sent again once its lease is over.
 * - Claiming counts the attempt. A row is marked SENT once the SMTP server accepted it; SENT rows are never
 *   claimed again. A mail can be sent twice only when a worker dies (or loses its database) after the server
 *   accepted it and before the row was marked: then it goes again with the same Message-ID.
 * - A failure makes the row due again after a backoff (doubling from MAIL_RETRY_DELAY, at most an hour), until
 *   MAIL_MAX_ATTEMPTS; then it is FAILED, with the last error.
 * - An unverified address gets account e-mails only (mail/texts.ts: verification, reset, security notices). The
 *   database writes no job e-mail for it (notifications/sql/30_notify.sql); one written before (by an older server,
 *   before migration 0015) for an account still unverified is marked FAILED "Not sent: the address is not verified"
 *   when it comes due, never sent. (A row that names no account was not written by either; it is sent as it is.)
 */
export interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  messageId: string;
  kind: MailKind;
  attempts: number;
  leaseToken: string;
}

/** Longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** Why a job e-mail to an unverified address is not sent. */
export const NOT_VERIFIED = 'Not sent: the address is not verified';
/** The error text kept on the row (and logged) is cut to this. */
const MAX_ERROR_LENGTH = 500;

export function retryDelay(retryDelayMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, retryDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** An error's message fit to store and log: one line, no credentials of a URL (`//user:secret@host`). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/\/\/[^/\s@]*@/g, '//***@')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ERROR_LENGTH);
}

/** A claimed row as read, before it is worded. */
interface ClaimedRow {
  id: string;
  recipient: string;
  params: NotificationFacts | AccountMailFacts | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  kind: MailKind;
  attempts: number;
}

export class Outbox {
  constructor(
    private readonly db: Db,
    /** Opens the sealed links of account e-mails (Keys.mailLinks). */
    private readonly linkKey: Uint8Array,
  ) {}

  /** Subject and text: stored by an older server, or worded now from the row's facts. */
  private word(row: ClaimedRow): { subject: string; text: string } {
    // A mail of an older server holds its text (the table's CHECK: text or facts); its subject is a header, so it is
    // made one printable line as ours are.
    if (row.params === null) return { subject: printable(row.subject ?? ''), text: row.text_body ?? '' };
    if (isAccountMail(row.kind)) {
      const facts = row.params as AccountMailFacts;
      const link = facts.link === undefined ? null : openLink(this.linkKey, row.id, facts.link);
      if (facts.link !== undefined && link === null) throw new Error('The link could not be opened (JWT_SECRET changed?)');
      return accountMail(row.kind, facts, link);
    }
    return jobMail(row.kind, row.params as NotificationFacts);
  }

  /**
   * Claims the oldest due PENDING mail for `leaseMs` and counts the attempt; null when none is due. Mails whose
   * attempts are used up and whose last lease ran out (their worker died while sending) are marked FAILED instead.
   * One at a time: a claimed mail's lease runs while it is sent, not while mails claimed with it are.
   */
  async claimNext(nowMs: number, leaseMs: number, maxAttempts: number): Promise<OutboxMail | null> {
    const now = isoAt(nowMs);
    await sql`
      UPDATE email_outbox
         SET state = 'FAILED', locked_until = NULL, lease_token = NULL,
             last_error = coalesce(last_error, 'Stopped while sending')
       WHERE state = 'PENDING' AND attempts >= ${maxAttempts} AND next_attempt_at <= ${now}::timestamptz
         AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)`.execute(this.db);
    await sql`
      UPDATE email_outbox o
         SET state = 'FAILED', locked_until = NULL, lease_token = NULL, last_error = ${NOT_VERIFIED}
       WHERE o.state = 'PENDING' AND o.next_attempt_at <= ${now}::timestamptz
         AND (o.locked_until IS NULL OR o.locked_until <= ${now}::timestamptz)
         AND o.kind NOT IN (${sql.join(ACCOUNT_MAIL_KINDS)})
         AND EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.email_verified_at IS NULL)`.execute(this.db);
    const leaseToken = randomUUID();
    const { rows } = await sql<ClaimedRow>`
      UPDATE email_outbox o
         SET locked_until = ${isoAt(nowMs + leaseMs)}::timestamptz, lease_token = ${leaseToken}::uuid, attempts = o.attempts + 1
        FROM (
          SELECT id FROM email_outbox
           WHERE state = 'PENDING' AND next_attempt_at <= ${now}::timestamptz AND attempts < ${maxAttempts}
             AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
           ORDER BY next_attempt_at, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED
        ) due
       WHERE o.id = due.id
      RETURNING o.id, o.recipient, o.params, o.subject, o.text_body, o.html_body, o.message_id, o.kind, o.attempts`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    let worded: { subject: string; text: string };
    try {
      worded = this.word(row);
    } catch (error) {
      // Nothing to send, now or later: FAILED with the reason, and on to the next due mail.
      await this.db
        .updateTable('email_outbox')
        .set({ state: 'FAILED', locked_until: null, lease_token: null, last_error: describeError(error) })
        .where('id', '=', row.id)
        .where('lease_token', '=', leaseToken)
        .execute();
      return this.claimNext(nowMs, leaseMs, maxAttempts);
    }
    const { subject, text } = worded;
    return {
      id: row.id,
      recipient: row.recipient,
      subject,
      textBody: text,
      htmlBody: row.html_body,
      messageId: row.message_id,
      kind: row.kind,
      attempts: Number(row.attempts),
      leaseToken,
    };
  }

  /** The SMTP server accepted it: SENT, never to be claimed again. */
  async markSent(mail: OutboxMail, nowMs: number): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set({ state: 'SENT', sent_at: isoAt(nowMs), locked_until: null, lease_token: null, last_error: null })
      .where('id', '=', mail.id)
      .where('state', '=', 'PENDING')
      .execute();
  }

  /**
   * Sending failed: due again after the backoff, or FAILED when this was the last attempt. Only while this worker
   * still holds the lease (a worker that overran its lease leaves the row to the one that took it over).
   */
  async markFailed(mail: OutboxMail, nowMs: number, error: string, { maxAttempts, retryDelayMs }: { maxAttempts: number; retryDelayMs: number }): Promise<'retry' | 'failed'> {
    const outcome = mail.attempts >= maxAttempts ? 'failed' : 'retry';
    await this.db
      .updateTable('email_outbox')
      .set({
        ...(outcome === 'failed' ? { state: 'FAILED' as const } : { next_attempt_at: isoAt(nowMs + retryDelay(retryDelayMs, mail.attempts)) }),
        locked_until: null,
        lease_token: null,
        last_error: error,
      })
      .where('id', '=', mail.id)
      .where('state', '=', 'PENDING')
      .where('lease_token', '=', mail.leaseToken)
      .execute();
    return outcome;
  }
}
