import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { isApiError } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import type { ProfileResponse } from '@/features/auth';
import { useChangeEmailMutation } from '../accountApi';
import { useServerForm } from '@/api/useServerForm';
import { changeEmailSchema, type ChangeEmailValues } from '../schemas';
import { EmailVerifiedBadge } from './EmailVerifiedBadge';
import styles from './Account.module.css';

const WAITING_FOR_VERIFICATION = 'waiting for verification';
export const PASSWORD_IF_ANY = 'Needed if your account has a password (not when you only sign in with Google).';

/**
 * The account's address, whether it is verified, and a change of it (PUT /api/account/email): the new address takes
 * effect once its link is opened, so until then it shows as waiting for verification.
 */
export function EmailSection({ profile }: { profile: ProfileResponse }) {
  const [changeEmail] = useChangeEmailMutation();
  const [sent, setSent] = useState<{ message: string; pendingEmail: string } | null>(null);
  const { field, onSubmit, setError, reset, failure, formState: { errors, isSubmitting } } = useServerForm<ChangeEmailValues>({
    resolver: yupResolver(changeEmailSchema),
    defaultValues: { email: '', currentPassword: '' },
    fieldOf: { email: 'email', currentPassword: 'currentPassword' },
  });

  // The profile has it once read again; the answer says it at once.
  const pendingEmail = profile.pendingEmail || sent?.pendingEmail;

  const send = async ({ email, currentPassword }: ChangeEmailValues) => {
    setSent(null);
    if (email.toLowerCase() === profile.email.toLowerCase()) {
      setError('email', { type: 'same', message: ACCOUNT_MESSAGES.emailSame }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await changeEmail({ email, ...(currentPassword ? { currentPassword } : {}) }).unwrap();
      setSent({ message: answer.message || ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: answer.pendingEmail || email });
      reset();
    } catch (error) {
      // An address already in use (409) is about the address.
      if (!isApiError(error) || error.status !== 409) throw error;
      setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
    }
  };

  return (
    <Card title="Email">
      <p className={styles.address}>
        <span>
          Your e-mail address: <strong>{profile.email}</strong>
        </span>
        <EmailVerifiedBadge verified={profile.emailVerified} />
      </p>
      {pendingEmail && (
        <p className={styles.address}>
          <span>
            New address <strong>{pendingEmail}</strong>: {WAITING_FOR_VERIFICATION}. Open the link we sent to it.
          </span>
        </p>
      )}
      <form className="form-stack" noValidate onSubmit={onSubmit(send)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {sent && <Alert variant="success">{sent.message}</Alert>}
        <div className="form-grid">
          <TextField label="New e-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
          <PasswordField label="Current password" autoComplete="current-password" hint={PASSWORD_IF_ANY} error={errors.currentPassword?.message} {...field('currentPassword')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Change e-mail
          </Button>
        </div>
      </form>
    </Card>
  );
}
