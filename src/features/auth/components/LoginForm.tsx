import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Checkbox } from '@/components/Checkbox';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import * as paths from '@/config/paths';
import { lazyResolver } from '@/lib/lazyResolver';
import { useAppDispatch } from '@/store/hooks';
import { loginUser } from '../authThunks';
import type { LoginValues } from '../schemas';
import type { SessionUser } from '../types';
import styles from './AuthForm.module.css';
import { AuthFormActions } from './AuthFormActions';
import type { LoginErrorDisplay } from './loginErrorMapping';
import { readRememberMe, writeRememberMe } from './rememberMe';
import { useSingleFlight } from './useSingleFlight';

type Banner = { variant: 'warning'; title: string; text: string } | { variant: 'error'; text: string };

// yup arrives on demand (first focus, at the latest on submit): the login route's budget has no room for it. The
// failure mapping comes with it: it is needed only after a submit, which the resolver has already waited for.
const loadValidation = () => import(/* webpackChunkName: "login-validation" */ '../loginValidation');
const loginResolver = lazyResolver<LoginValues>(() => loadValidation().then((m) => m.loginResolver));

function displayOf(message: string): Promise<LoginErrorDisplay> {
  return loadValidation().then(
    (m) => m.mapLoginError(message),
    () => ({ kind: 'other', message }),
  );
}

/** The sign-in form (spec §2 Login, §5 login rules, §8 login message mapping). */
export function LoginForm({
  onSignedIn,
  onAnswer,
}: {
  onSignedIn: (user: SessionUser) => Promise<void> | void;
  /** The server said yes: called before the session is in the store (see `LoginArgs.onAnswer`). */
  onAnswer?: (user: SessionUser) => void;
}) {
  const dispatch = useAppDispatch();
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
    const result = await dispatch(loginUser({ email, password, onAnswer }));
    if (loginUser.fulfilled.match(result)) {
      writeRememberMe(rememberMe);
      await onSignedIn(result.payload);
      return;
    }
    // Spec §8: the message decides between field messages + a warning banner and the red banner.
    const display = await displayOf(result.payload ?? MESSAGES.NETWORK_ERROR);
    if (display.kind === 'other') {
      setBanner({ variant: 'error', text: display.message });
      return;
    }
    if (display.fields.email) setError('email', { type: 'server', message: display.fields.email });
    if (display.fields.password) setError('password', { type: 'server', message: display.fields.password });
    setBanner({ variant: 'warning', ...display.banner });
  }

  return (
    <form
      className="form-stack"
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
        <Link to={paths.forgotPassword} className={styles.textLink}>
          Forgot password?
        </Link>
      </div>
      <AuthFormActions submitLabel="Sign In" isSubmitting={isSubmitting} />
    </form>
  );
}
