import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { PasswordField } from '@/components/PasswordField';
import { useChangePasswordMutation } from '../accountApi';
import { showServerErrors } from '../formErrors';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import styles from './Account.module.css';

/**
 * The current password and a new one (the registration rules), sent to PUT /api/account/password; the server signs the
 * account's other devices out and keeps this one. A wrong current password shows on its field.
 */
export function ChangePasswordSection() {
  const [changePassword] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: yupResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  async function onSubmit({ currentPassword, password }: ChangePasswordValues) {
    setDone(null);
    setFailure(null);
    try {
      const answer = await changePassword({ currentPassword, newPassword: password }).unwrap();
      reset();
      setDone(answer.message || ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      setFailure(showServerErrors(error, setError, { currentPassword: 'currentPassword', newPassword: 'password' }));
    }
  }

  const field = (name: keyof ChangePasswordValues) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setFailure(null);
      },
    });

  return (
    <Card title="Change password">
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {done && <Alert variant="success">{done}</Alert>}
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...field('currentPassword')} />
        <div className={styles.grid}>
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
