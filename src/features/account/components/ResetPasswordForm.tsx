import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { isApiError, serverMessageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { PasswordField } from '@/components/PasswordField';
import * as paths from '@/config/paths';
import { lazyResolver } from '@/lib/lazyResolver';
import { useResetPasswordMutation } from '../accountApi';
import type { NewPasswordValues } from '../schemas';
import { useServerForm } from '@/api/useServerForm';
import styles from './Account.module.css';

const resolver = lazyResolver<NewPasswordValues>(() =>
  import(/* webpackChunkName: "account-validation" */ '../publicValidation').then((m) => m.newPasswordResolver),
);

/** After the reset, or for a link that cannot be used (none, used, expired, unknown): what next. */
const NEXT = { done: { to: paths.login, label: 'Sign in' }, invalid: { to: paths.forgotPassword, label: 'Ask for a new link' } };

/**
 * The reset link's page: a new password and its confirmation, with the registration rules and messages, sent with the
 * link's token to POST /api/account/password/reset. Done, every session of the account has ended: sign in again.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [resetPassword] = useResetPasswordMutation();
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'invalid'; text: string } | null>(token ? null : { kind: 'invalid', text: ACCOUNT_MESSAGES.linkInvalid });
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<NewPasswordValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
    fieldOf: { password: 'password' },
  });

  if (outcome) {
    return (
      <div className="form-stack">
        <Alert variant={outcome.kind === 'done' ? 'success' : 'error'}>{outcome.text}</Alert>
        <p className={styles.next}>
          <Link to={NEXT[outcome.kind].to}>{NEXT[outcome.kind].label}</Link>
        </p>
      </div>
    );
  }

  const send = async ({ password }: NewPasswordValues) => {
    if (!token) return;
    try {
      const done = await resetPassword({ token, password }).unwrap();
      setOutcome({ kind: 'done', text: done.message || ACCOUNT_MESSAGES.passwordReset });
    } catch (error) {
      // A 400 that is not about the password is about the link: used, expired or unknown.
      if (!isApiError(error) || error.status !== 400 || error.errors?.password) throw error;
      setOutcome({ kind: 'invalid', text: serverMessageOf(error) ?? ACCOUNT_MESSAGES.linkInvalid });
    }
  };

  return (
    <form
      className="form-stack"
      noValidate
      aria-label="Set a new password"
      onFocus={() => void resolver.preload().catch(() => undefined)}
      onSubmit={onSubmit(send)}
    >
      {failure && <Alert variant="error">{failure}</Alert>}
      <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...field('password')} />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
      <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
