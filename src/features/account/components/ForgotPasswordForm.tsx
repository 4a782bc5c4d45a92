import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { lazyResolver } from '@/lib/lazyResolver';
import { useRequestPasswordResetMutation } from '../accountApi';
import type { ForgotPasswordValues } from '../schemas';
import { useServerForm } from '@/api/useServerForm';

const resolver = lazyResolver<ForgotPasswordValues>(() =>
  import(/* webpackChunkName: "account-validation" */ '../publicValidation').then((m) => m.forgotPasswordResolver),
);

/**
 * "Forgot password?": the e-mail address (the registration rule), sent to POST /api/account/password/forgot. The server
 * answers the same for every address, and that answer is what the page shows; a refusal (too many requests) too.
 */
export function ForgotPasswordForm() {
  const [requestReset] = useRequestPasswordResetMutation();
  const [sent, setSent] = useState<string | null>(null);
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<ForgotPasswordValues>({
    resolver,
    defaultValues: { email: '' },
    fieldOf: { email: 'email' },
  });

  const send = async ({ email }: ForgotPasswordValues) => {
    setSent(null);
    const answer = await requestReset({ email }).unwrap();
    setSent(answer.message || ACCOUNT_MESSAGES.resetSent);
  };

  return (
    <form
      className="form-stack"
      noValidate
      aria-label="Reset your password"
      onFocus={() => void resolver.preload().catch(() => undefined)}
      onSubmit={onSubmit(send)}
    >
      {failure && <Alert variant="error">{failure}</Alert>}
      {sent && <Alert variant="success">{sent}</Alert>}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...field('email')}
      />
      <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
        Send reset link
      </Button>
    </form>
  );
}
