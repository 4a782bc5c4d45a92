import { EmailVerifiedBadge } from '@/features/account';
import { StaffList } from '@/features/staff';

/** /admin/staff: the technician accounts, each address with whether it is verified. */
export function Component() {
  return <StaffList renderEmailStatus={(member) => <EmailVerifiedBadge verified={member.emailVerified} />} />;
}
