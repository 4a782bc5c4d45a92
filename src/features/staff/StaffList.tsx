import { type ReactNode, useRef, useState } from 'react';
import type { StaffMember, StaffState } from '@contract/employees';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { PageHeader } from '@/components/PageHeader';
import emptyStyles from '@/components/EmptyState.module.css';
import { cx } from '@/lib/classNames';
import { onFirstUse } from '@/lib/onFirstUse';
import { mailtoHref } from '@/lib/mailto';
import { useApproveEmployeeMutation, useDeactivateEmployeeMutation, useGetStaffQuery } from './staffApi';
import styles from './StaffList.module.css';

const STATE_LABEL: Record<StaffState, string> = {
  PENDING: 'Pending approval',
  ACTIVE: 'Active',
  DEACTIVATED: 'Deactivated',
};

const registeredDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));

export interface StaffListProps {
  /** Beside each address: whether it is verified (the account domain's badge, composed by the page). */
  renderEmailStatus?: (member: StaffMember) => ReactNode;
}

/**
 * The technician accounts, pending first, with Approve and Deactivate: anyone can register as a technician, so an
 * account is assignable only once approved. A refusal (409, e.g. jobs in progress) shows beside its row.
 */
export function StaffList({ renderEmailStatus }: StaffListProps = {}) {
  const { currentData: staff, isLoading, error, refetch } = useGetStaffQuery();
  const [approve] = useApproveEmployeeMutation();
  const [deactivate, { isLoading: deactivating }] = useDeactivateEmployeeMutation();
  const { pending: busyId, errors, announcement, run: runRow } = useRowAction();
  const [confirming, setConfirming] = useState<StaffMember | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);

  const run = (member: StaffMember, action: (id: string) => { unwrap(): Promise<StaffMember> }, done: string) =>
    runRow(member.id, async () => {
      await action(member.id).unwrap();
      return `${done} ${member.fullName}.`;
    });

  async function confirmDeactivation() {
    if (!confirming) return;
    const member = confirming;
    setConfirming(null);
    await run(member, deactivate, 'Deactivated');
  }

  const pending = staff?.filter((member) => member.state === 'PENDING').length ?? 0;

  return (
    <div className={styles.page}>
      <PageHeader title="Staff">
        Technicians who registered wait here for your approval before they can be assigned to jobs.
        {pending > 0 && ` ${pending} awaiting approval.`}
      </PageHeader>

      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>

      <DataState isLoading={isLoading} error={error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading staff">
        {staff && staff.length === 0 ? (
          <p className={emptyStyles.empty}>No technicians have registered yet.</p>
        ) : (
          <table className={styles.table}>
            <caption className="visually-hidden">Technicians, pending approval first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Department</th>
                <th scope="col">E-mail</th>
                <th scope="col">Registered</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff?.map((member) => {
                const busy = busyId === member.id;
                return (
                  <tr key={member.id}>
                    <th scope="row" className={styles.name}>
                      {member.fullName}
                      {member.employeeId && <span className={styles.meta}>ID {member.employeeId}</span>}
                    </th>
                    <td data-label="Department">{member.department ?? '—'}</td>
                    <td data-label="E-mail" className={styles.email}>
                      <a href={mailtoHref(member.email)}>{member.email}</a>
                      {renderEmailStatus && <span className={styles.meta}>{renderEmailStatus(member)}</span>}
                      <span className={styles.meta}>{member.phoneNumber}</span>
                    </td>
                    <td data-label="Registered">
                      <time dateTime={member.registeredAt}>{registeredDate().format(new Date(member.registeredAt))}</time>
                    </td>
                    <td data-label="State">
                      <span className={cx(styles.state, styles[member.state])}>{STATE_LABEL[member.state]}</span>
                    </td>
                    <td className={styles.actions}>
                      <div className={styles.buttons}>
                        {member.state !== 'ACTIVE' && (
                          <Button
                            size="sm"
                            loading={busy && !deactivating}
                            disabled={busy}
                            aria-label={`Approve ${member.fullName}`}
                            onClick={() => void run(member, approve, member.state === 'DEACTIVATED' ? 'Reactivated' : 'Approved')}
                          >
                            Approve
                          </Button>
                        )}
                        {member.state !== 'DEACTIVATED' && (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={busy && deactivating}
                            disabled={busy}
                            aria-label={`Deactivate ${member.fullName}`}
                            onClick={() => setConfirming(member)}
                          >
                            Deactivate
                          </Button>
                        )}
                      </div>
                      {errors[member.id] && (
                        <Alert variant="error" className={styles.rowError}>
                          {errors[member.id]}
                        </Alert>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </DataState>

      {confirming && (
        <Modal
          open
          onClose={() => setConfirming(null)}
          size="sm"
          initialFocusRef={keepRef}
          title={`Deactivate ${confirming.fullName}?`}
          description="They are signed out everywhere and can no longer sign in. Their jobs not started yet go back to Awaiting Assignment. You can approve them again later."
          footer={
            <>
              <Button ref={keepRef} variant="secondary" onClick={() => setConfirming(null)}>
                Keep Account
              </Button>
              <Button variant="danger" onClick={() => void confirmDeactivation()}>
                Confirm Deactivation
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}
