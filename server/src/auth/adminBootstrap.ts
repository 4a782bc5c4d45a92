import type { FastifyBaseLogger } from 'fastify';
import type { AdminConfig } from '../config';
import { hashPassword } from './passwords';
import { EmailTakenError, type Users } from '../users/queries';

/**
 * Creates the ADMIN account from ADMIN_EMAIL / ADMIN_PASSWORD when no user has that email — the only way an
 * admin comes to exist. An existing account is never changed: not its password, and a non-admin account with
 * that email is not promoted (someone could have registered the address first).
 */
export async function bootstrapAdmin(users: Users, admin: AdminConfig, log: FastifyBaseLogger): Promise<void> {
  const existing = await users.findByEmail(admin.email);
  if (existing) {
    if (existing.role !== 'ADMIN') {
      log.warn(`ADMIN_EMAIL ${admin.email} belongs to an existing ${existing.role} account; it was not promoted to ADMIN`);
    }
    return;
  }
  try {
    await users.create({
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      fullName: 'Administrator',
      phoneNumber: '',
      address: '',
      role: 'ADMIN',
      // The operator chose the address: there is nobody to verify it against.
      emailVerified: true,
    });
    log.info(`Created ADMIN account ${admin.email}`);
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
}
