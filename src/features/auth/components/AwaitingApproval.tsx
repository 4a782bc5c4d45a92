import { useId } from 'react';
import { Hourglass } from 'lucide-react';
import type { ApprovalStatus } from '@contract/auth';
import { authApi } from '../authApi';
import { useAppSelector } from '@/store/hooks';
import { selectCurrentUser } from '../authSlice';
import { approvalStatusOf } from '../sessionUser';
import type { ProfileResponse, SessionUser } from '../types';
import styles from './AwaitingApproval.module.css';

// The profile answer carries approvalStatus for technicians (server/src/contract/auth.ts `Profile`).
const approvalOf = (profile: ProfileResponse | undefined) => approvalStatusOf(profile?.approvalStatus);

/**
 * Whether the signed-in technician was approved when the session last heard (the sign-in answer, or the profile since):
 * their dashboard's reads then start without waiting for the profile. Approval is never withdrawn from a session (a
 * deactivation ends the technician's sessions), so APPROVED cannot be stale.
 */
export function isKnownApproved(user: Pick<SessionUser, 'approvalStatus'> | null | undefined): boolean {
  return user?.approvalStatus === 'APPROVED';
}

/** Whether the profile is a technician's that an admin has not approved yet (nothing else of theirs can be read). */
export function isAwaitingApproval(profile: ProfileResponse | undefined): boolean {
  return approvalOf(profile) === 'PENDING';
}

/**
 * A failed profile request counts as approved (the job lists then show their own errors), so only a server that
 * says PENDING hides the dashboard.
 */
export function useApprovalStatus(): ApprovalStatus | 'LOADING' {
  const { status, waiting } = authApi.endpoints.getProfile.useQuery(undefined, {
    selectFromResult: ({ currentData, isUninitialized, isLoading }) => ({ status: approvalOf(currentData), waiting: isUninitialized || isLoading }),
  });
  const knownApproved = useAppSelector((state) => isKnownApproved(selectCurrentUser(state)));
  if (waiting) return knownApproved ? 'APPROVED' : 'LOADING';
  return status ?? 'APPROVED';
}

/** What a technician whose account an admin has not approved yet sees on the dashboard, under its greeting. */
export function AwaitingApproval() {
  const headingId = useId();
  return (
    <section role="status" aria-labelledby={headingId} className={styles.panel}>
      <span className={styles.icon} aria-hidden="true">
        <Hourglass />
      </span>
      <h2 id={headingId} className={styles.heading}>
        Your account is awaiting approval
      </h2>
      <p className={styles.text}>An administrator will approve your technician account. You will see your jobs here once approved.</p>
    </section>
  );
}
