import { toIso } from '../clock';
import type { Profile } from '../contract/auth';
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
    ...(user.department !== null && { department: user.department }),
  };
}
