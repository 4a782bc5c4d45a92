import { toIso } from '../clock';
import type { Profile, RegisterBody, UpdateProfileBody } from '../contract/auth';
import type { Role, UserRow } from '../db/schema';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../domain/errors';
import { AUTH_MESSAGES } from '../domain/messages';
import { approvalOf, isProfileComplete, toProfile } from '../users/profile';
import { normaliseEmail, type Users } from '../users/queries';
import { hashPassword, verifyPassword } from './passwords';
import type { IssuedSession, Sessions } from './sessions';

/** The answer of a sign-in (and, with more, of a registration and the OAuth code exchange). */
export function signedIn(user: UserRow, session: IssuedSession) {
  return {
    token: session.token,
    refreshToken: session.refreshToken,
    type: 'Bearer' as const,
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    roles: [user.role],
    ...approvalOf(user),
  };
}

export type SignedIn = ReturnType<typeof signedIn>;

/** Told of each account registered with a password (the account domain sends its verification link). */
export type RegistrationListener = (user: UserRow) => Promise<void>;

/** Accounts: signing in with a password, registering, and changing one's own profile. */
export class Accounts {
  private readonly registrationListeners: RegistrationListener[] = [];

  constructor(
    private readonly users: Users,
    private readonly sessions: Sessions,
  ) {}

  /** `listener` runs for every new registration, after the account is stored and before the answer. */
  onRegistered(listener: RegistrationListener): void {
    this.registrationListeners.push(listener);
  }

  /** The account's password checked, then a new session; each refusal names what was wrong, as the contract says. */
  async login(email: string, password: string, deviceInfo: string): Promise<SignedIn> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.emailNotFound);
    if (user.password_hash === null) throw new UnauthorizedError(AUTH_MESSAGES.googleOnlyAccount);
    if (!(await verifyPassword(user.password_hash, password))) throw new UnauthorizedError(AUTH_MESSAGES.passwordIncorrect);
    if (!user.is_active) throw new UnauthorizedError(AUTH_MESSAGES.accountDisabled);
    return signedIn(user, await this.sessions.start(user, deviceInfo));
  }

  /**
   * A new CUSTOMER or EMPLOYEE account (an employee's department and id kept), signed in at once. Its address is
   * unverified: the listeners (the account domain) send it the link that verifies it.
   */
  async register(body: RegisterBody, role: Role, deviceInfo: string) {
    const email = normaliseEmail(body.email);
    if (await this.users.findByEmail(email)) throw new ConflictError(AUTH_MESSAGES.emailExists);
    const employee = role === 'EMPLOYEE';
    const user = await this.users.create({
      email,
      passwordHash: await hashPassword(body.password),
      fullName: body.fullName.trim(),
      phoneNumber: body.phoneNumber.trim(),
      address: (body.address ?? '').trim(),
      role,
      department: employee ? body.department?.trim() || null : null,
      employeeId: employee ? body.employeeId?.trim() || null : null,
    });
    for (const listener of this.registrationListeners) await listener(user);
    const session = await this.sessions.start(user, deviceInfo);
    return { ...signedIn(user, session), success: true as const, message: 'User registered successfully' };
  }

  /**
   * Roles are CUSTOMER or EMPLOYEE here; ADMIN exists only through ADMIN_EMAIL, and an admin keeps the role. The
   * role is chosen while completing the profile; once complete, a role in the body is ignored.
   */
  async updateProfile(user: UserRow, { fullName, phoneNumber, address, role, emailNotifications }: UpdateProfileBody): Promise<Profile> {
    if (role === 'ADMIN' || (role !== undefined && user.role === 'ADMIN')) throw new ForbiddenError(AUTH_MESSAGES.accessDenied);
    const updated = await this.users.updateProfile(user.id, {
      fullName: fullName?.trim(),
      phoneNumber: phoneNumber?.trim(),
      // '' is how the complete-profile screen says "no address": it never wipes a stored one.
      address: address?.trim() || undefined,
      role: isProfileComplete(user) ? undefined : role,
      emailNotifications,
    });
    return toProfile(updated);
  }

  async isEmailAvailable(email: string): Promise<boolean> {
    return (await this.users.findByEmail(email)) === undefined;
  }

  /** The user's sessions still in use, the caller's marked `current`. */
  async activeSessions(userId: string, currentSessionId: string) {
    const active = await this.sessions.listActive(userId);
    return active.map((session) => ({
      id: session.id,
      deviceInfo: session.device_info,
      createdAt: toIso(session.created_at),
      lastUsedAt: toIso(session.last_used_at),
      current: session.id === currentSessionId,
    }));
  }

  /** The token pair a refresh token is exchanged for; `onReuse` hears of a spent token shown after the leeway. */
  async refresh(presented: string, onReuse: () => void) {
    const outcome = await this.sessions.refresh(presented);
    if (!outcome.ok) {
      if (outcome.reason === 'reuse') onReuse();
      throw new UnauthorizedError(AUTH_MESSAGES.invalidRefreshToken);
    }
    return outcome.pair;
  }
}
