import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/api/errors';
import { useAppDispatch } from '@/store/hooks';
import { Alert } from '@/components/Alert';
import { Checkbox } from '@/components/Checkbox';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { loginUser } from '@/features/auth/authThunks';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import styles from '@/features/auth/components/AuthForm.module.css';
import { AuthFormActions } from '@/features/auth/components/AuthFormActions';
import { mapLoginError } from '@/features/auth/components/loginErrorMapping';
import { PlaceholderLink } from '@/features/auth/components/PlaceholderLink';
import { readRememberMe, writeRememberMe } from '@/features/auth/components/rememberMe';
import { useSingleFlight } from '@/features/auth/components/useSingleFlight';
import type { LoginValues } from '@/features/auth/schemas';
import { lazyResolver } from '@/lib/lazyResolver';
import { rememberedOrigin } from '@/lib/safeRedirect';

type Banner = { variant: 'warning'; title: string; text: string } | { variant: 'error'; text: string };

/**
 * The login route must stay under its JavaScript budget (160 KiB gzip), so yup arrives on demand: when the user
 * first focuses the form, at the latest on submit. The messages still come from the one login schema.
 */
const loginResolver = lazyResolver<LoginValues>(() =>
  import(/* webpackChunkName: "login-validation" */ '@/features/auth/loginValidation').then((m) => m.loginResolver),
);

/** /login (spec §2 Login, §5 login rules, §8 login message mapping). */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [banner, setBanner] = useState<Banner | null>(null);
  const once = useSingleFlight();

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', rememberMe: readRememberMe() },
    // Validate on submit only; editing a field clears its error (see `clearOnEdit`).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const clearOnEdit = (field: 'email' | 'password') => () => {
    clearErrors(field);
    setBanner(null);
  };

  async function onSubmit({ email, password, rememberMe }: LoginValues) {
    setBanner(null);
    const result = await dispatch(loginUser({ email, password }));
    if (loginUser.fulfilled.match(result)) {
      writeRememberMe(rememberMe);
      // Where the guard sent this person from: same-origin paths only, else /dashboard.
      await navigate(rememberedOrigin(location.state, '/dashboard', result.payload.id), { replace: true });
      return;
    }
    // Spec §8: the message decides between field messages + a warning banner and the red banner.
    const display = mapLoginError(result.payload ?? MESSAGES.NETWORK_ERROR);
    if (display.kind === 'other') {
      setBanner({ variant: 'error', text: display.message });
      return;
    }
    if (display.fields.email) setError('email', { type: 'server', message: display.fields.email });
    if (display.fields.password) setError('password', { type: 'server', message: display.fields.password });
    setBanner({ variant: 'warning', ...display.banner });
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to track your services and appointments."
      footer={
        <p>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      }
    >
      <form
        className={styles.form}
        noValidate
        onFocus={() => void loginResolver.preload().catch(() => undefined)}
        onSubmit={(event) => void once(event, handleSubmit(onSubmit))}
        aria-label="Sign in"
      >
        {banner &&
          (banner.variant === 'warning' ? (
            <Alert variant="warning">
              <strong>{banner.title}</strong> {banner.text}
            </Alert>
          ) : (
            <Alert variant="error">{banner.text}</Alert>
          ))}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', { onChange: clearOnEdit('email') })}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { onChange: clearOnEdit('password') })}
        />
        <div className={styles.row}>
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <PlaceholderLink>Forgot password?</PlaceholderLink>
        </div>
        <AuthFormActions submitLabel="Sign In" isSubmitting={isSubmitting} />
      </form>
    </AuthLayout>
  );
}
