import { randomUUID } from 'node:crypto';
import { type Clock, isoAt } from '../clock';
import { isUniqueViolation } from '../db/errors';
import { ConflictError } from '../domain/errors';
import { AUTH_MESSAGES } from '../domain/messages';
import type { Db, Role, UserRow } from '../db/schema';

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName: string;
  phoneNumber: string;
  address: string;
  role: Role;
  department?: string | null;
  employeeId?: string | null;
  googleSub?: string | null;
  /** The address is known to be the owner's (Google's word, ADMIN_EMAIL): verified from the start. */
  emailVerified?: boolean;
}

export interface ProfileChanges {
  fullName?: string;
  phoneNumber?: string;
  address?: string;
  role?: Role;
  emailNotifications?: boolean;
}

/** Two registrations of one address at once: the unique index refuses the second. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super(AUTH_MESSAGES.emailExists);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** All access to the users table. Emails are stored lower-cased (a CHECK constraint enforces it). */
export class Users {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    const at = isoAt(this.now());
    try {
      return await this.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: normaliseEmail(user.email),
          password_hash: user.passwordHash,
          full_name: user.fullName,
          phone_number: user.phoneNumber,
          address: user.address,
          role: user.role,
          department: user.department ?? null,
          employee_id: user.employeeId ?? null,
          google_sub: user.googleSub ?? null,
          email_verified_at: user.emailVerified ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  updateProfile(id: string, changes: ProfileChanges): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({
        ...(changes.fullName !== undefined && { full_name: changes.fullName }),
        ...(changes.phoneNumber !== undefined && { phone_number: changes.phoneNumber }),
        ...(changes.address !== undefined && { address: changes.address }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.emailNotifications !== undefined && { email_notifications: changes.emailNotifications }),
        updated_at: isoAt(this.now()),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  linkGoogleAccount(id: string, googleSub: string): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ google_sub: googleSub, updated_at: isoAt(this.now()) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async adminExists(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').executeTakeFirst();
    return row !== undefined;
  }
}
