import type { ApprovalStatus } from '@contract/auth';
import type { ProfileResponse, SessionUser } from './types';

/** A technician's approval as the server words it; undefined for other roles or a value this app does not know. */
export function approvalStatusOf(value: unknown): ApprovalStatus | undefined {
  return value === 'PENDING' || value === 'APPROVED' ? value : undefined;
}

interface UserLike {
  id: string | number;
  email: string;
  fullName?: string | null;
  roles?: string[] | null;
  role?: string | null;
}

/** Spec §3/§6: role is the user's role, else the first of roles, default CUSTOMER; first/last name from fullName. */
export function toSessionUser(raw: UserLike & Partial<ProfileResponse>): SessionUser {
  const fullName = (raw.fullName ?? '').trim();
  const roles = Array.isArray(raw.roles) && raw.roles.length > 0 ? raw.roles.map(String) : raw.role ? [raw.role] : ['CUSTOMER'];
  const [firstName = '', ...rest] = fullName.split(/\s+/).filter(Boolean);
  const user: SessionUser = {
    id: String(raw.id),
    email: raw.email,
    fullName,
    roles,
    role: raw.role || roles[0] || 'CUSTOMER',
    firstName,
    lastName: rest.join(' '),
  };
  if (raw.phoneNumber !== undefined) user.phoneNumber = raw.phoneNumber ?? '';
  if (raw.address !== undefined) user.address = raw.address ?? '';
  if (raw.department) user.department = raw.department;
  if (raw.isActive !== undefined) user.isActive = raw.isActive;
  if (raw.createdAt) user.createdAt = raw.createdAt;
  if (raw.updatedAt) user.updatedAt = raw.updatedAt;
  const approvalStatus = approvalStatusOf(raw.approvalStatus);
  if (approvalStatus) user.approvalStatus = approvalStatus;
  return user;
}

/** A role check compares the user's first role with the given role (spec §6). */
export function hasRole(user: SessionUser | null, role: string): boolean {
  return (user?.roles[0] ?? user?.role) === role;
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'string' || typeof v.id === 'number') &&
    typeof v.email === 'string' &&
    (v.roles === undefined || (Array.isArray(v.roles) && v.roles.every((r) => typeof r === 'string')))
  );
}

/** Parses the stored `user` JSON; throws on anything that is not a user. */
export function parseStoredUser(json: string): SessionUser {
  const value: unknown = JSON.parse(json);
  if (!isSessionUser(value)) throw new Error('Stored user is not a user object');
  return toSessionUser(value);
}
