import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { isoAt } from '../clock';
import type { AppointmentStatus } from '../contract/statuses';
import { at, type Database, type Db, type UserRow } from '../db/schema';
import { sealLink } from '../mail/links';
import type { AccountMailFacts, AccountMailKind } from '../mail/texts';
import { type AccountTokenPurpose, CLOSED_NAME, closedEmail, closedPlate } from './rules';
import './tables';

export type Trx = Transaction<Database>;

/** A link's token row, as spending it returns it. */
export interface SpentToken {
  user_id: string;
  email: string;
}

export interface NewToken {
  userId: string;
  purpose: AccountTokenPurpose;
  hash: string;
  /** The address the link goes to (and, for `verify`, the one it verifies). */
  email: string;
  nowIso: string;
  expiresIso: string;
}

export interface AccountMail {
  userId: string;
  kind: AccountMailKind;
  recipient: string;
  facts: Omit<AccountMailFacts, 'link'>;
  /** The link to seal into the row (mail/links.ts), for the kinds that carry one. */
  link?: string;
  nowIso: string;
}

/** The account domain's SQL: its links (account_tokens), its e-mails, and what closing an account changes. */
export class AccountRepository {
  constructor(
    readonly db: Db,
    /** Seals the links of queued e-mails (Keys.mailLinks). */
    private readonly linkKey: Uint8Array,
  ) {}

  /** The user's row, locked for the rest of the transaction (changes of one account are serialised). */
  lockUser(trx: Trx, id: string): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async insertToken(trx: Trx, token: NewToken): Promise<void> {
    await trx
      .insertInto('account_tokens')
      .values({
        id: randomUUID(),
        user_id: token.userId,
        purpose: token.purpose,
        token_hash: token.hash,
        email: token.email,
        expires_at: token.expiresIso,
        created_at: token.nowIso,
      })
      .execute();
  }

  /** Whether a token could be spent now (read only: the check before the slow password hash). */
  async isUsable(hash: string, purpose: AccountTokenPurpose, nowMs: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select('id')
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at(nowMs))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Spends a token in one statement: of any number of simultaneous requests exactly one row update wins (the others
   * wait for its row lock, then find `used_at` set). Unknown, expired, spent → undefined alike. A transaction that
   * rolls back after this leaves the token unspent.
   */
  spend(trx: Trx, hash: string, purpose: AccountTokenPurpose, nowMs: number): Promise<SpentToken | undefined> {
    return trx
      .updateTable('account_tokens')
      .set({ used_at: isoAt(nowMs) })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at(nowMs))
      .returning(['user_id', 'email'])
      .executeTakeFirst();
  }

  /** The user's unused links of one purpose stop working (a newer one was sent, or the password changed). */
  async spendUnused(trx: Trx, userId: string, purpose: AccountTokenPurpose, nowIso: string): Promise<void> {
    await trx.updateTable('account_tokens').set({ used_at: nowIso }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  }

  /** Housekeeping: expired links, spent or not, are of no further use. */
  async purge(nowMs: number): Promise<void> {
    await this.db.deleteFrom('account_tokens').where('expires_at', '<=', at(nowMs)).execute();
  }

  /** Queues an account e-mail, its link sealed to the row's id; the worker words it when it sends it. */
  async queueMail(trx: Trx, mail: AccountMail): Promise<void> {
    const id = randomUUID();
    const facts: AccountMailFacts = { ...mail.facts, ...(mail.link !== undefined && { link: sealLink(this.linkKey, id, mail.link) }) };
    await trx
      .insertInto('email_outbox')
      .values({
        id,
        user_id: mail.userId,
        appointment_id: null,
        kind: mail.kind,
        recipient: mail.recipient,
        params: JSON.stringify(facts),
        next_attempt_at: mail.nowIso,
        created_at: mail.nowIso,
      })
      .execute();
  }

  async setPassword(trx: Trx, userId: string, passwordHash: string, nowIso: string, { verify }: { verify: boolean }): Promise<void> {
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        updated_at: nowIso,
        ...(verify && { email_verified_at: sql<string>`coalesce(email_verified_at, ${nowIso}::timestamptz)` }),
      })
      .where('id', '=', userId)
      .execute();
  }

  async markVerified(trx: Trx, userId: string, nowIso: string): Promise<void> {
    await trx.updateTable('users').set({ email_verified_at: nowIso, updated_at: nowIso }).where('id', '=', userId).execute();
  }

  /** The verified new address becomes the account's e-mail. */
  async adoptEmail(trx: Trx, userId: string, email: string, nowIso: string): Promise<void> {
    await trx.updateTable('users').set({ email, email_verified_at: nowIso, pending_email: null, updated_at: nowIso }).where('id', '=', userId).execute();
  }

  async setPendingEmail(trx: Trx, userId: string, email: string, nowIso: string): Promise<void> {
    await trx.updateTable('users').set({ pending_email: email, updated_at: nowIso }).where('id', '=', userId).execute();
  }

  /** Whether another account has this address. */
  async emailInUse(db: Db | Trx, email: string, exceptUserId: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '<>', exceptUserId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The active admins, locked in one order: two admins closing their accounts at once are serialised here, and the
   * second sees the first one deactivated (a row locked FOR UPDATE is re-read once its locker commits).
   */
  async lockActiveAdmins(trx: Trx): Promise<string[]> {
    const rows = await trx.selectFrom('users').select('id').where('role', '=', 'ADMIN').where('is_active', '=', true).orderBy('id').forUpdate().execute();
    return rows.map((row) => row.id);
  }

  /** An admin's account switched off (the service ends its sessions in the same transaction). */
  async deactivate(trx: Trx, userId: string, nowIso: string): Promise<void> {
    await trx.updateTable('users').set({ is_active: false, pending_email: null, updated_at: nowIso }).where('id', '=', userId).execute();
  }

  async deleteTokens(trx: Trx, userId: string): Promise<void> {
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  }

  /**
   * A customer's account closed: everything that names or reaches the person goes, while their jobs (and what the
   * shop wrote about them) stay, attached to an account that says "Closed account".
   * - users: a placeholder address nobody can receive mail at, the name "Closed account", no phone, address,
   *   password, Google link or pending address, unverified, notifications off, inactive;
   * - vehicles: the plate becomes `CLOSED-<id>` (make, model and year stay: they describe the car the shop worked on);
   * - jobs: their notes (the customer's words) are cleared; bookings not started yet are cancelled (the shop can no
   *   longer reach them), which tells the technician and the admins as any cancellation does;
   * - the facts other people's notifications keep about those jobs name "Closed account" and the new plate;
   * - their own notifications, e-mails (sent or not), links, sign-in codes and sessions are deleted, the jobs'
   *   tracking links revoked, and the address leaves the newsletter.
   */
  async anonymiseCustomer(trx: Trx, user: UserRow, nowIso: string): Promise<void> {
    const id = user.id;
    const vehicles = await trx.selectFrom('vehicles').select(['id', 'plate']).where('customer_id', '=', id).forUpdate().execute();
    for (const vehicle of vehicles) {
      await trx.updateTable('vehicles').set({ plate: closedPlate(vehicle.id) }).where('id', '=', vehicle.id).execute();
    }
    await trx
      .updateTable('users')
      .set({
        email: closedEmail(id),
        full_name: CLOSED_NAME,
        phone_number: '',
        address: '',
        password_hash: null,
        google_sub: null,
        pending_email: null,
        email_verified_at: null,
        email_notifications: false,
        department: null,
        employee_id: null,
        is_active: false,
        updated_at: nowIso,
      })
      .where('id', '=', id)
      .execute();

    // Written after the account and vehicles changed, so the cancellations' notifications carry no personal data.
    await trx
      .updateTable('appointments')
      .set({
        notes: null,
        status: sql<AppointmentStatus>`CASE WHEN status IN ('PENDING', 'CONFIRMED') THEN 'CANCELLED' ELSE status END`,
        cancelled_at: sql<string>`CASE WHEN status IN ('PENDING', 'CONFIRMED') THEN ${nowIso}::timestamptz ELSE cancelled_at END`,
        version: sql<number>`version + 1`,
        updated_at: nowIso,
      })
      .where('customer_id', '=', id)
      .where((eb) => eb.or([eb('notes', 'is not', null), eb('status', 'in', ['PENDING', 'CONFIRMED'])]))
      .execute();

    const jobs = trx.selectFrom('appointments').select('id').where('customer_id', '=', id);
    // Facts (rows of this server): the name, the actor when it was them, and the plate of the job's vehicle.
    await sql`
      UPDATE notifications n
         SET params = jsonb_set(
               jsonb_set(
                 jsonb_set(n.params, '{customer}', to_jsonb(${CLOSED_NAME}::text)),
                 '{actor}', CASE WHEN n.params->>'actor' = ${user.full_name} THEN to_jsonb(${CLOSED_NAME}::text) ELSE coalesce(n.params->'actor', 'null'::jsonb) END),
               '{vehicle,plate}', to_jsonb(v.plate))
        FROM appointments a JOIN vehicles v ON v.id = a.vehicle_id
       WHERE a.id = n.appointment_id AND a.customer_id = ${id} AND n.params IS NOT NULL`.execute(trx);
    // Texts an older server stored: the name (unless too short to replace without garbling the sentence) and the
    // plates replaced where they appear.
    const name = user.full_name.trim().length >= 3 ? user.full_name : null;
    const withoutName = (column: 'message' | 'title') =>
      name === null ? sql.ref(`n.${column}`) : sql`replace(${sql.ref(`n.${column}`)}, ${name}::text, ${CLOSED_NAME}::text)`;
    const message = vehicles.reduce((text, vehicle) => sql`replace(${text}, ${vehicle.plate}::text, ${closedPlate(vehicle.id)}::text)`, withoutName('message'));
    await sql`
      UPDATE notifications n SET message = ${message}, title = ${withoutName('title')}
       WHERE n.params IS NULL AND n.appointment_id IN (${jobs})`.execute(trx);
    await trx.deleteFrom('notifications').where('user_id', '=', id).execute();
    await trx
      .deleteFrom('email_outbox')
      .where((eb) => eb.or([eb('user_id', '=', id), eb('recipient', '=', user.email), ...(user.pending_email !== null ? [eb('recipient', '=', user.pending_email)] : [])]))
      .execute();
    await sql`UPDATE tracking_links SET revoked_at = ${nowIso}::timestamptz WHERE revoked_at IS NULL AND appointment_id IN (${jobs})`.execute(trx);
    await trx.deleteFrom('newsletter_subscribers').where('email', '=', user.email).execute();
    await trx.deleteFrom('account_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('oauth_codes').where('user_id', '=', id).execute();
    // Sessions hold the devices' descriptions (User-Agent): deleted, not just revoked.
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  }
}
