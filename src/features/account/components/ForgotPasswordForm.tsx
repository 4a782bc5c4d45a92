import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { isApiError, messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { lazyResolver } from '@/lib/lazyResolver';
import { useRequestPasswordResetMutation } from '../accountApi';
import type { ForgotPasswordValues } from '../schemas';
import styles from './Account.module.css';

const resolver = lazyResolver<ForgotPasswordValues>(() =>
  import(/* webpackChunkName: "account-validation" */ '../publicValidation').then((m) => m.forgotPasswordResolver),
);

type Answer = { ok: true; text: string } | { ok: false; text: string };

/**
 * "Forgot password?": the e-mail address (the registration rule), sent to POST /api/account/password/forgot. The server
 * answers the same for every address, and that answer is what the page shows; a refusal (too many requests) too.
 */
export function ForgotPasswordForm() {
  const [requestReset] = useRequestPasswordResetMutation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver, defaultValues: { email: '' }, mode: 'onSubmit', reValidateMode: 'onSubmit' });

  async function onSubmit({ email }: ForgotPasswordValues) {
    setAnswer(null);
    try {
      const sent = await requestReset({ email }).unwrap();
      setAnswer({ ok: true, text: sent.message || ACCOUNT_MESSAGES.resetSent });
    } catch (error) {
      const fieldError = isApiError(error) ? error.errors?.email : undefined;
      if (fieldError) setError('email', { type: 'server', message: fieldError });
      else setAnswer({ ok: false, text: messageOf(error) });
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="Reset your password"
      onFocus={() => void resolver.preload().catch(() => undefined)}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      {answer && <Alert variant={answer.ok ? 'success' : 'error'}>{answer.text}</Alert>}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', {
          onChange: () => {
            clearErrors('email');
            setAnswer((current) => (current?.ok ? current : null));
          },
        })}
      />
      <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
        Send reset link
      </Button>
    </form>
  );
}
