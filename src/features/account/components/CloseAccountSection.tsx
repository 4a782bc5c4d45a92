import { useId, useRef, useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { Modal } from '@/components/Modal';
import { PasswordField } from '@/components/PasswordField';
import * as paths from '@/config/paths';
import { logout, selectCurrentUser } from '@/features/auth';
import { leaveNotice } from '@/lib/flashNotice';
import { navigateTo } from '@/lib/navigation';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useCloseAccountMutation } from '../accountApi';
import { useServerForm } from '@/api/useServerForm';
import { closeAccountSchema, type CloseAccountValues } from '../schemas';
import { PASSWORD_IF_ANY } from './EmailSection';
import styles from './Account.module.css';

const CLOSE_ACCOUNT = 'Close account';

/** What closing does to this role's account (contract/account.ts). */
const WHAT_HAPPENS: Record<string, string> = {
  CUSTOMER: 'Your name, phone, address and vehicles are removed. Your jobs and invoices stay in the shop’s records, without them.',
  EMPLOYEE: 'Your technician account is deactivated: you can no longer sign in or be assigned jobs.',
  ADMIN: 'An admin account can be closed while another admin remains.',
};

/**
 * "Close account", once confirmed in a dialog that says it cannot be undone: POST /api/account/close with the current
 * password (asked always: only the server knows whether a Google account has one). Closed, the account is signed out
 * everywhere; this tab goes to the sign-in page, which says so.
 */
export function CloseAccountSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card title={CLOSE_ACCOUNT}>
      <p className={styles.text}>Closing your account signs you out everywhere. It cannot be undone.</p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {CLOSE_ACCOUNT}
        </Button>
      </div>
      {confirming && <CloseAccountDialog onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [closeAccount] = useCloseAccountMutation();
  const keepRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<CloseAccountValues>({
    resolver: yupResolver(closeAccountSchema),
    defaultValues: { currentPassword: '' },
    // The last admin's 409 (and any other refusal) shows in the dialog; a wrong password on its field.
    fieldOf: { currentPassword: 'currentPassword' },
  });

  const send = async ({ currentPassword }: CloseAccountValues) => {
    const answer = await closeAccount(currentPassword ? { currentPassword } : {}).unwrap();
    leaveNotice(answer.message || ACCOUNT_MESSAGES.accountClosed);
    dispatch(logout());
    navigateTo(paths.login);
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      initialFocusRef={keepRef}
      title="Close your account?"
      description={`This cannot be undone. ${WHAT_HAPPENS[user?.role ?? ''] ?? ''}`.trim()}
      footer={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onClose}>
            Keep account
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={isSubmitting}>
            Close my account
          </Button>
        </>
      }
    >
      <form id={formId} className="form-stack" noValidate onSubmit={onSubmit(send)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint={PASSWORD_IF_ANY}
          error={errors.currentPassword?.message}
          {...field('currentPassword')}
        />
      </form>
    </Modal>
  );
}
