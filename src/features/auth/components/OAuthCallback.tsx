import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isApiError } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Spinner } from '@/components/Spinner';
import * as paths from '@/config/paths';
import { useAppDispatch } from '@/store/hooks';
import { authApi } from '../authApi';
import { authSuccess, logout, tokensRefreshed } from '../authSlice';
import { exchangeOAuthCode, fetchProfileWithToken } from '../authThunks';
import { toSessionUser } from '../sessionUser';
import { tokenStorage } from '../tokenStorage';
import styles from './AuthForm.module.css';
import { AuthLayout } from './AuthLayout';
import { sessionUserFromToken } from './sessionFromToken';

/** Spec §8 "OAuth callback" messages. */
const OAUTH_MESSAGES = {
  failedTitle: 'Authentication Failed',
  missingTokens: 'Authentication failed. Missing tokens.',
  profileFailed: 'Authentication successful, but failed to load profile. Redirecting...',
  unexpected: 'An unexpected error occurred during authentication.',
} as const;

/** Spec §9 redirect delays. */
const ERROR_REDIRECT_MS = 3000;
const PROFILE_FAILURE_REDIRECT_MS = 2000;

const CALLBACK_PARAMS = ['code', 'token', 'refreshToken', 'error'] as const;

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; redirectTo: string; delay: number }
  | { kind: 'partial'; message: string; redirectTo: string; delay: number };

const failed = (message: string): View => ({ kind: 'failed', message, redirectTo: paths.login, delay: ERROR_REDIRECT_MS });

/** The error text as sent (`?error=<encoded>`); URLSearchParams decoded it once, a second encoding is undone too. */
function decodeErrorParam(raw: string): string {
  if (!/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * What a refused code exchange shows: the server's reason for a 4xx (one message for an unknown, expired, spent
 * or other browser's code), otherwise the spec's "unexpected error" (network failure, 5xx).
 */
function exchangeFailureMessage(error: unknown): string {
  if (!isApiError(error) || typeof error.status !== 'number' || error.status >= 500) return OAUTH_MESSAGES.unexpected;
  return error.errors?.code ?? error.serverMessage ?? OAUTH_MESSAGES.unexpected;
}

/** Removes the callback's parameters from the address bar (the code or tokens must not linger in history). */
function scrubAddressBar(): void {
  const url = new URL(window.location.href);
  if (!CALLBACK_PARAMS.some((name) => url.searchParams.has(name))) return;
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Reads the code (or, from an older backend, the tokens) once and removes it from the address bar at once, so the
 * one-time secret is not left in the history; then exchanges it and signs in.
 */
export function OAuthCallback() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [view, setView] = useState<View>({ kind: 'loading' });
  // StrictMode runs effects twice in development: the parameters are read, and the flow run, only once.
  const started = useRef(false);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const token = params.get('token');
    const refreshToken = params.get('refreshToken');
    const error = params.get('error');
    // Before anything else (and before any await): the code or tokens leave the address bar and the router's copy.
    scrubAddressBar();
    if (location.search) void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: location.state });

    async function signIn(token: string, refreshToken: string): Promise<View | null> {
      tokenStorage.saveTokens(token, refreshToken);
      dispatch(tokensRefreshed({ token, refreshToken }));
      let profile;
      try {
        profile = await dispatch(fetchProfileWithToken(token)).unwrap();
      } catch (profileError) {
        // A 401 means the token itself was refused: the API layer has already ended the session. Otherwise
        // sign in from the token's claims so /dashboard does not bounce to /login; unreadable → just redirect.
        if (!(isApiError(profileError) && profileError.status === 401)) {
          const user = sessionUserFromToken(token);
          if (user) dispatch(authSuccess({ user, token, refreshToken }));
        }
        return { kind: 'partial', message: OAUTH_MESSAGES.profileFailed, redirectTo: paths.dashboard, delay: PROFILE_FAILURE_REDIRECT_MS };
      }
      dispatch(authSuccess({ user: toSessionUser(profile), token, refreshToken }));
      // The pages after it read the profile too (the header's e-mail notice): they find this answer, not a second request.
      void dispatch(authApi.util.upsertQueryData('getProfile', undefined, profile));
      // Spec §4: an empty phone number → /complete-profile, otherwise /dashboard.
      if (mounted.current) await navigate(profile.phoneNumber?.trim() ? paths.dashboard : paths.completeProfile, { replace: true });
      return null;
    }

    /** The one-time code → the token pair; a refused or failed exchange → the error view. */
    async function exchange(code: string): Promise<{ token: string; refreshToken: string } | View> {
      try {
        const answer = await dispatch(exchangeOAuthCode(code)).unwrap();
        if (!answer.token || !answer.refreshToken) return failed(OAUTH_MESSAGES.missingTokens);
        return { token: answer.token, refreshToken: answer.refreshToken };
      } catch (exchangeError) {
        return failed(exchangeFailureMessage(exchangeError));
      }
    }

    async function run(): Promise<View | null> {
      if (error !== null) return failed(decodeErrorParam(error) || OAUTH_MESSAGES.unexpected);
      let pair = token && refreshToken ? { token, refreshToken } : null;
      if (code) {
        const exchanged = await exchange(code);
        if ('kind' in exchanged) return exchanged;
        pair = exchanged;
      }
      if (!pair) return failed(OAUTH_MESSAGES.missingTokens);
      try {
        return await signIn(pair.token, pair.refreshToken);
      } catch {
        dispatch(logout());
        return failed(OAUTH_MESSAGES.unexpected);
      }
    }

    void run().then((next) => {
      if (next && mounted.current) setView(next);
    });
  }, [dispatch, location, navigate]);

  // The timed redirect of an error or a profile failure; cleared on unmount.
  useEffect(() => {
    if (view.kind === 'loading') return;
    const timer = window.setTimeout(() => void navigate(view.redirectTo, { replace: true }), view.delay);
    return () => window.clearTimeout(timer);
  }, [view, navigate]);

  if (view.kind === 'failed') {
    return (
      <AuthLayout title={OAUTH_MESSAGES.failedTitle}>
        <div className="form-stack">
          <Alert variant="error">{view.message}</Alert>
          <p className={styles.note}>
            Taking you back to the sign-in page… <Link to={paths.login}>Go now</Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Completing sign-in">
      {view.kind === 'loading' ? (
        <div className="form-pending">
          <Spinner size="lg" label="Signing you in" showLabel />
        </div>
      ) : (
        <Alert variant="warning">{view.message}</Alert>
      )}
    </AuthLayout>
  );
}
