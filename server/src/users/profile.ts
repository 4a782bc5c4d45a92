import { toIso } from '../clock';
import type { ApprovalStatus, Profile } from '../contract/auth';
import type { UserRow } from '../db/schema';

/** A user as GET /api/auth/profile answers it. */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    phoneNumber: user.phone_number,
    address: user.address,
    roles: [user.role],
    role: user.role,
    isActive: user.is_active,
    createdAt: toIso(user.created_at),
    updatedAt: toIso(user.updated_at),
    emailNotifications: user.email_notifications,
    emailVerified: user.email_verified_at !== null,
    ...(user.pending_email !== null && { pendingEmail: user.pending_email }),
    ...(user.department !== null && { department: user.department }),
    ...approvalOf(user),
  };
}

/**
 * A technician's approval, as the profile and the sign-in answers carry it (other roles have none): the SPA knows from
 * the sign-in whether the technician's first reads may start, without waiting for the profile.
 */
export function approvalOf(user: Pick<UserRow, 'role' | 'approved_at'>): { approvalStatus?: ApprovalStatus } {
  if (user.role !== 'EMPLOYEE') return {};
  return { approvalStatus: user.approved_at === null ? 'PENDING' : 'APPROVED' };
}

/**
 * A profile is complete once it has a phone number: registration always asks for one; an account created by
 * Google sign-in starts without, and the SPA sends it to /complete-profile until it has one (its OAuth callback
 * page uses the same test). Only an incomplete profile may still choose its role (CUSTOMER or EMPLOYEE).
 */
export function isProfileComplete(user: Pick<UserRow, 'phone_number'>): boolean {
  return user.phone_number.trim() !== '';
}
