import type { FastifyBaseLogger } from 'fastify';
import type { Appointments } from '../appointments/service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Sessions } from '../auth/sessions';
import { type Clock, isoAt } from '../clock';
import type { AccountSettings } from '../config';
import { type AccountExport, ACCOUNT_MESSAGES, type ChangeEmailAnswer, type VerifyEmailAnswer } from '../contract/account';
import type { Appointment } from '../contract/appointments';
import { MAX_PAGE_SIZE, type Page } from '../contract/common';
import { isUniqueViolation } from '../db/errors';
import type { Db, UserRow } from '../db/schema';
import { transact } from '../db/transaction';
import { ConflictError, type FieldErrors, invalidField, throwIfInvalid } from '../domain/errors';
import type { Staff } from '../employees/service';
import { actAs } from '../history/actor';
import { durationText } from '../mail/texts';
import type { Notifications } from '../notifications/queries';
import type { Viewer } from '../plugins/authenticate';
import { newOpaqueToken, sha256Hex } from '../secrets';
import type { TimeLogs } from '../timeLogs/service';
import { toProfile } from '../users/profile';
import { normaliseEmail, type Users } from '../users/queries';
import type { Vehicles } from '../vehicles/service';
import { AccountRepository, type Trx } from './repository';
import { linkTo } from './rules';

/** What the account domain reads through other domains (their plugins' decorations). */
export interface AccountDependencies {
  users: Users;
  sessions: Sessions;
  staff: Staff;
  appointments: Appointments;
  vehicles: Vehicles;
  timeLogs: TimeLogs;
  notifications: Notifications;
}

export interface AccountOptions {
  db: Db;
  settings: AccountSettings;
  /** APP_URL: the SPA's origin, where the links lead. */
  appUrl: string;
  /** Keys.mailLinks: seals the links in the outbox. */
  linkKey: Uint8Array;
  now: Clock;
  log: FastifyBaseLogger;
  /** Tells the mail worker (when there is one) that mail is due now. */
  wakeMail: () => void;
}

/**
 * Work a request leaves behind after its answer is sent (a password-reset request's look-up and e-mail). Tracked so
 * closing the app waits for it, and tests can wait for it; a failure is logged, never thrown at anyone.
 */
class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(work: () => Promise<void>, failure: string): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, failure))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once every piece of work started so far (and any it started) is done. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

/** Every page of a paged list, one after the other. */
async function allPages<T>(read: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

/**
 * A job in someone's data download: the API's shape, with nothing of the other person on it beyond their name (a
 * customer sees their technician's name; a technician sees the customer's name and the car, not the customer's
 * contact details, plate or notes).
 */
function exportedJob(job: Appointment, role: UserRow['role']): Record<string, unknown> {
  if (role === 'CUSTOMER') {
    const { assignedEmployee, ...rest } = job;
    return { ...rest, ...(assignedEmployee && { assignedEmployee: { fullName: assignedEmployee.fullName } }) };
  }
  const { customer, vehicle, notes: _notes, ...rest } = job;
  const { plate: _plate, id: _vehicleId, ...car } = vehicle;
  return { ...rest, customer: { fullName: customer.fullName }, vehicle: car };
}

/**
 * What a person manages about their own account (contract/account.ts): resetting a forgotten password, verifying
 * their address, changing password and address, downloading their data, closing the account. Every change of one
 * account is one transaction that first locks the account's row; every link is single-use, spent by one statement.
 */
export class AccountService {
  readonly afterAnswer: AfterAnswer;
  private readonly repository: AccountRepository;

  constructor(
    private readonly deps: AccountDependencies,
    private readonly options: AccountOptions,
  ) {
    this.repository = new AccountRepository(options.db, options.linkKey);
    this.afterAnswer = new AfterAnswer(options.log);
  }

  private get db() {
    return this.repository.db;
  }

  /**
   * "Forgot password?": answered before anything about the address is looked up, so the answer and its time are the
   * same whether or not an account has it; the look-up and the e-mail follow the answer.
   */
  requestPasswordReset(email: string): void {
    this.afterAnswer.run(() => this.sendResetLink(email), 'password-reset request failed');
  }

  /** An active account with that address gets a reset link; older unused reset links stop working. */
  private async sendResetLink(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user || !user.is_active) return;
    const { settings, appUrl, now } = this.options;
    const token = newOpaqueToken();
    const nowMs = now();
    const nowIso = isoAt(nowMs);
    await transact(this.db, async (trx) => {
      const locked = await this.repository.lockUser(trx, user.id);
      if (!locked || !locked.is_active || locked.email !== user.email) return;
      await this.repository.spendUnused(trx, user.id, 'reset', nowIso);
      await this.repository.insertToken(trx, { userId: user.id, purpose: 'reset', hash: sha256Hex(token), email: locked.email, nowIso, expiresIso: isoAt(nowMs + settings.resetTokenTtlMs) });
      await this.repository.queueMail(trx, {
        userId: user.id,
        kind: 'PASSWORD_RESET',
        recipient: locked.email,
        facts: { name: locked.full_name, validFor: durationText(settings.resetTokenTtlMs) },
        link: linkTo(appUrl, 'reset-password', token),
        nowIso,
      });
    });
    this.options.wakeMail();
  }

  /**
   * The reset link's new password. The token is checked before the (slow) hash, then spent in the transaction that
   * sets the password: of two simultaneous submissions exactly one wins. Every session ends (whoever knew the old
   * password is out), the address counts as verified (the link reached it), and the address is told.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const hash = sha256Hex(token);
    const linkInvalid = () => invalidField('token', ACCOUNT_MESSAGES.linkInvalid);
    if (!(await this.repository.isUsable(hash, 'reset', this.options.now()))) throw linkInvalid();
    const passwordHash = await hashPassword(password);
    const nowMs = this.options.now();
    const nowIso = isoAt(nowMs);
    await transact(this.db, async (trx) => {
      const spent = await this.repository.spend(trx, hash, 'reset', nowMs);
      if (!spent) throw linkInvalid();
      const user = await this.repository.lockUser(trx, spent.user_id);
      // A link sent to an address the account no longer has proves nothing about the account.
      if (!user || !user.is_active || user.email !== spent.email) throw linkInvalid();
      await this.repository.setPassword(trx, user.id, passwordHash, nowIso, { verify: true });
      await this.repository.spendUnused(trx, user.id, 'reset', nowIso);
      await this.deps.sessions.revokeAllForUser(user.id, { trx });
      await this.passwordChangedMail(trx, user, nowIso);
    });
    this.options.wakeMail();
  }

  private passwordChangedMail(trx: Trx, user: UserRow, nowIso: string): Promise<void> {
    return this.repository.queueMail(trx, { userId: user.id, kind: 'PASSWORD_CHANGED', recipient: user.email, facts: { name: user.full_name }, nowIso });
  }

  /** A verification link for `email` (the account's own, or a new one asked for), with its e-mail. */
  private async queueVerification(trx: Trx, user: UserRow, email: string, nowMs: number): Promise<void> {
    const { settings, appUrl } = this.options;
    const token = newOpaqueToken();
    const nowIso = isoAt(nowMs);
    await this.repository.insertToken(trx, { userId: user.id, purpose: 'verify', hash: sha256Hex(token), email, nowIso, expiresIso: isoAt(nowMs + settings.verifyTokenTtlMs) });
    await this.repository.queueMail(trx, {
      userId: user.id,
      kind: email === user.email ? 'VERIFY_EMAIL' : 'CONFIRM_NEW_EMAIL',
      recipient: email,
      facts: { name: user.full_name, validFor: durationText(settings.verifyTokenTtlMs) },
      link: linkTo(appUrl, 'verify-email', token),
      nowIso,
    });
  }

  /** A new account (registered with a password) gets the link that verifies its address. */
  async sendVerificationToNewAccount(user: UserRow): Promise<void> {
    if (user.email_verified_at !== null) return;
    await transact(this.db, (trx) => this.queueVerification(trx, user, user.email, this.options.now()));
    this.options.wakeMail();
  }

  /** "Resend": a new link for the account's own address (older ones keep working until they expire). */
  async resendVerification(user: UserRow): Promise<void> {
    await transact(this.db, async (trx) => {
      const locked = await this.repository.lockUser(trx, user.id);
      if (!locked) return;
      if (locked.email_verified_at !== null) throw new ConflictError(ACCOUNT_MESSAGES.emailAlreadyVerified);
      await this.queueVerification(trx, locked, locked.email, this.options.now());
    });
    this.options.wakeMail();
  }

  /**
   * A verification link opened: the account's address is verified, or a new address asked for becomes the account's
   * (checked again for another account having taken it meanwhile: 409, the link left unspent). A link for an address
   * that is neither (replaced by a newer request) is invalid.
   */
  async verifyEmail(token: string): Promise<VerifyEmailAnswer> {
    const hash = sha256Hex(token);
    const nowMs = this.options.now();
    const nowIso = isoAt(nowMs);
    const linkInvalid = () => invalidField('token', ACCOUNT_MESSAGES.linkInvalid);
    const email = await transact(this.db, async (trx) => {
      const spent = await this.repository.spend(trx, hash, 'verify', nowMs);
      if (!spent) throw linkInvalid();
      const user = await this.repository.lockUser(trx, spent.user_id);
      if (!user || !user.is_active) throw linkInvalid();
      if (spent.email === user.email) {
        if (user.email_verified_at === null) await this.repository.markVerified(trx, user.id, nowIso);
        return spent.email;
      }
      if (spent.email !== user.pending_email) throw linkInvalid();
      if (await this.repository.emailInUse(trx, spent.email, user.id)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
      try {
        await this.repository.adoptEmail(trx, user.id, spent.email, nowIso);
      } catch (error) {
        // Taken by a registration that committed after the check above.
        if (isUniqueViolation(error)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
        throw error;
      }
      return spent.email;
    });
    return { message: ACCOUNT_MESSAGES.emailVerified, email };
  }

  /**
   * The account's password checked for a change on the Account page: required when the account has one (an account
   * made by Google sign-in has none; it sets one with "Forgot password?").
   */
  private async checkCurrentPassword(user: UserRow, currentPassword: string | undefined, errors: FieldErrors = {}): Promise<void> {
    if (user.password_hash !== null && currentPassword === undefined) errors.currentPassword = ACCOUNT_MESSAGES.currentPasswordRequired;
    throwIfInvalid(errors);
    if (user.password_hash !== null && !(await verifyPassword(user.password_hash, currentPassword ?? ''))) {
      throw invalidField('currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong);
    }
  }

  /** A new password: the current one checked; every other session ends, this one stays; the address is told. */
  async changePassword(user: UserRow, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    if (user.password_hash === null) throw invalidField('currentPassword', ACCOUNT_MESSAGES.noPassword);
    await this.checkCurrentPassword(user, currentPassword);
    const passwordHash = await hashPassword(newPassword);
    const nowIso = isoAt(this.options.now());
    await transact(this.db, async (trx) => {
      const locked = await this.repository.lockUser(trx, user.id);
      if (!locked) return;
      await this.repository.setPassword(trx, user.id, passwordHash, nowIso, { verify: false });
      await this.repository.spendUnused(trx, user.id, 'reset', nowIso);
      await this.deps.sessions.revokeAllForUser(user.id, { trx, keep: sessionId });
      await this.passwordChangedMail(trx, locked, nowIso);
    });
    this.options.wakeMail();
  }

  /**
   * A new address: it becomes the account's once the link sent to it is opened (until then it is `pendingEmail`
   * and the account signs in with the old one); the old address is told which one was asked for.
   */
  async changeEmail(user: UserRow, newEmail: string, currentPassword: string | undefined): Promise<ChangeEmailAnswer> {
    const email = normaliseEmail(newEmail);
    await this.checkCurrentPassword(user, currentPassword, email === user.email ? { email: ACCOUNT_MESSAGES.emailSame } : {});
    if (await this.repository.emailInUse(this.db, email, user.id)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
    const nowMs = this.options.now();
    const nowIso = isoAt(nowMs);
    await transact(this.db, async (trx) => {
      const locked = await this.repository.lockUser(trx, user.id);
      if (!locked) return;
      await this.repository.setPendingEmail(trx, user.id, email, nowIso);
      await this.queueVerification(trx, locked, email, nowMs);
      await this.repository.queueMail(trx, { userId: user.id, kind: 'EMAIL_CHANGE_REQUESTED', recipient: locked.email, facts: { name: locked.full_name, newEmail: email }, nowIso });
    });
    this.options.wakeMail();
    return { message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: email };
  }

  /** "Download my data": the account and what it owns, as its role has them (contract/account.ts AccountExport). */
  async exportData(user: UserRow): Promise<AccountExport> {
    const viewer: Viewer = { id: user.id, role: user.role };
    const { vehicles, appointments, timeLogs, notifications } = this.deps;
    const limit = MAX_PAGE_SIZE;
    const profile = toProfile(user);
    const account = {
      ...profile,
      ...(user.employee_id !== null && { employeeId: user.employee_id }),
      signInWithPassword: user.password_hash !== null,
      signInWithGoogle: user.google_sub !== null,
    };
    const customer = user.role === 'CUSTOMER';
    const technician = user.role === 'EMPLOYEE';
    const [ownVehicles, jobs, logs, told] = await Promise.all([
      customer ? allPages((cursor) => vehicles.list(user.id, { limit, cursor })) : [],
      customer || technician ? allPages((cursor) => appointments.list(viewer, { limit, cursor })) : [],
      technician ? allPages((cursor) => timeLogs.list(viewer, { limit, cursor })) : [],
      allPages((cursor) => notifications.list(user.id, { limit, cursor })),
    ]);
    return {
      exportedAt: isoAt(this.options.now()),
      account,
      vehicles: ownVehicles,
      jobs: jobs.map((job) => exportedJob(job, user.role)),
      timeLogs: logs,
      notifications: told,
    };
  }

  /**
   * Closing the account, in one transaction that first locks its row; every session ends.
   * - A customer: personal data anonymised (AccountRepository.anonymiseCustomer); their jobs stay.
   * - A technician: deactivated by the Staff page's rules (refused while a job is in progress; jobs not started go
   *   back to Awaiting Assignment).
   * - An admin: deactivated, unless they are the last active admin (409). The active admins' rows are locked first,
   *   so two admins closing at once cannot both see the other one still active.
   */
  async close(user: UserRow, currentPassword: string | undefined): Promise<void> {
    await this.checkCurrentPassword(user, currentPassword);
    const nowIso = isoAt(this.options.now());
    await transact(this.db, async (trx) => {
      if (user.role === 'ADMIN') {
        const admins = await this.repository.lockActiveAdmins(trx);
        if (!admins.some((id) => id !== user.id)) throw new ConflictError(ACCOUNT_MESSAGES.lastAdmin);
      }
      const locked = await this.repository.lockUser(trx, user.id);
      if (!locked) return;
      switch (locked.role) {
        case 'CUSTOMER':
          // The job history names the customer as who cancelled their bookings.
          await actAs(trx, locked.id);
          await this.repository.anonymiseCustomer(trx, locked, nowIso);
          return;
        case 'EMPLOYEE':
          await this.deps.staff.deactivateWithin(trx, locked.id, locked.id);
          break;
        case 'ADMIN':
          await this.deps.sessions.revokeAllForUser(locked.id, { trx });
          await this.repository.deactivate(trx, locked.id, nowIso);
          break;
      }
      await this.repository.deleteTokens(trx, locked.id);
    });
  }

  /** Expired links are deleted (at start and hourly). */
  purge(): Promise<void> {
    return this.repository.purge(this.options.now());
  }
}
