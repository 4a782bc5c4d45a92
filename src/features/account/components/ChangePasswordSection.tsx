import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { PasswordField } from '@/components/PasswordField';
import { useChangePasswordMutation } from '../accountApi';
import { useServerForm } from '@/api/useServerForm';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import styles from './Account.module.css';

/**
 * The current password and a new one (the registration rules), sent to PUT /api/account/password; the server signs the
 * account's other devices out and keeps this one. A wrong current password shows on its field.
 */
export function ChangePasswordSection() {
  const [changePassword] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const { field, onSubmit, reset, failure, formState: { errors, isSubmitting } } = useServerForm<ChangePasswordValues>({
    resolver: yupResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    fieldOf: { currentPassword: 'currentPassword', newPassword: 'password' },
  });

  const send = async ({ currentPassword, password }: ChangePasswordValues) => {
    setDone(null);
    const answer = await changePassword({ currentPassword, newPassword: password }).unwrap();
    reset();
    setDone(answer.message || ACCOUNT_MESSAGES.passwordChanged);
  };

  return (
    <Card title="Change password">
      <form className="form-stack" noValidate onSubmit={onSubmit(send)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {done && <Alert variant="success">{done}</Alert>}
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...field('currentPassword')} />
        <div className="form-grid">
          <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...field('password')} />
          <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
