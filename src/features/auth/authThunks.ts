import { createAsyncThunk } from '@reduxjs/toolkit';
import { MESSAGES, isApiError, messageOf, serverMessageOf } from '@/api/errors';
import * as paths from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { authApi } from './authApi';
import { authFailure, authStart, authSuccess, logout, tokensRefreshed, userUpdated } from './authSlice';
import { toSessionUser } from './sessionUser';
import type { AuthState, LoginRequest, LoginResponse, ProfileResponse, RegistrationRequest, RegistrationResponse, SessionUser } from './types';

export const LOGIN_AFTER_REGISTRATION_FAILED = 'Login after registration failed - no JWT token received';

type ThunkConfig = { state: { auth: AuthState }; rejectValue: string };

export interface LoginArgs extends LoginRequest {
  /**
   * Called with the answer's user once its token is in the store and a task before the user is (`authSuccess`, which
   * React draws at once: the guest-only guard leaves the sign-in page). Reads started here are sent first and wait for
   * the server while that drawing happens, instead of after it.
   */
  onAnswer?: (user: SessionUser) => void;
}

/** Sign in: start → success (user, tokens) or failure (message). Rejects with the user-facing message. */
export const loginUser = createAsyncThunk<SessionUser, LoginArgs, ThunkConfig>(
  'auth/loginUser',
  async ({ onAnswer, ...credentials }, { dispatch, rejectWithValue }) => {
    dispatch(authStart());
    try {
      const res = await dispatch(authApi.endpoints.login.initiate(credentials)).unwrap();
      const user = toSessionUser(res);
      // The token alone changes nothing on screen; the requests `onAnswer` starts send it. `authSuccess` a task later:
      // those requests reach fetch() after a few microtasks (the refresh lock, the headers), and React would draw
      // `authSuccess` in the first of them.
      dispatch(tokensRefreshed({ token: res.token, refreshToken: res.refreshToken }));
      onAnswer?.(user);
      await new Promise((resolve) => setTimeout(resolve, 0));
      dispatch(authSuccess({ user, token: res.token, refreshToken: res.refreshToken }));
      return user;
    } catch (error) {
      const message = messageOf(error, MESSAGES.NETWORK_ERROR);
      dispatch(authFailure(message));
      return rejectWithValue(message);
    }
  },
);

type RegisterArgs = Omit<RegistrationRequest, 'role'> & { role: 'CUSTOMER' | 'EMPLOYEE' };

/**
 * `message` is what the customer screen shows; `serverMessage` lets the employee screen show the server's words or
 * its own fallback (spec §8); `errors` are a 400's field errors.
 */
export interface RegistrationFailure {
  message: string;
  serverMessage: string | null;
  errors?: Record<string, string>;
}

type RegisterThunkConfig = { state: { auth: AuthState }; rejectValue: RegistrationFailure };

/**
 * Spec §4 "Registration": an answer with a token signs in; a success without one means a separate login with the
 * same credentials.
 */
export const registerUser = createAsyncThunk<SessionUser, RegisterArgs, RegisterThunkConfig>(
  'auth/registerUser',
  async ({ role, ...payload }, { dispatch, rejectWithValue }) => {
    dispatch(authStart());
    // The message of an answer that was not a success (a server message, not an HTTP error).
    let answerMessage: string | null = null;
    try {
      const endpoint = role === 'EMPLOYEE' ? authApi.endpoints.registerEmployee : authApi.endpoints.registerCustomer;
      const res: RegistrationResponse = await dispatch(endpoint.initiate(payload)).unwrap();
      if (res.token && res.id !== undefined && res.id !== null) {
        const user = toSessionUser({ id: res.id, email: res.email ?? payload.email, fullName: res.fullName ?? payload.fullName, roles: res.roles ?? [role] });
        dispatch(authSuccess({ user, token: res.token, refreshToken: res.refreshToken ?? null }));
        return user;
      }
      if (res.success || /successfully/i.test(res.message ?? '')) {
        const login = await dispatch(authApi.endpoints.login.initiate({ email: payload.email, password: payload.password })).unwrap();
        if (!login.token) throw new Error(LOGIN_AFTER_REGISTRATION_FAILED);
        const user = toSessionUser(login);
        dispatch(authSuccess({ user, token: login.token, refreshToken: login.refreshToken }));
        return user;
      }
      answerMessage = res.message || null;
      throw new Error(res.message || MESSAGES.VALIDATION_ERROR);
    } catch (error) {
      const message = messageOf(error, MESSAGES.NETWORK_ERROR);
      dispatch(authFailure(message));
      const errors = isApiError(error) ? error.errors : undefined;
      return rejectWithValue({ message, serverMessage: answerMessage ?? serverMessageOf(error), ...(errors ? { errors } : {}) });
    }
  },
);

/**
 * Spec §4 "Logout": calls the server (a failure is only logged), clears storage (the listener does, on
 * `logout`), then goes to `redirectTo` — / by default, /login from the dashboard navigation.
 */
export const logoutUser = createAsyncThunk<void, { redirectTo?: string } | undefined, ThunkConfig>(
  'auth/logoutUser',
  async (arg, { dispatch, getState }) => {
    const { refreshToken } = getState().auth;
    try {
      await dispatch(authApi.endpoints.logout.initiate({ refreshToken })).unwrap();
    } catch (error) {
      console.warn('Logout request failed; signing out locally anyway.', messageOf(error));
    }
    dispatch(logout());
    navigateTo(arg?.redirectTo ?? paths.home);
  },
);

/**
 * Asks the server who the restored session belongs to, so a session revoked elsewhere ends here too and profile
 * changes from another device show; offline keeps the session.
 */
export const checkStoredSession = createAsyncThunk<void, void, ThunkConfig>('auth/checkStoredSession', async (_arg, { dispatch, getState }) => {
  const { user } = getState().auth;
  if (!user) return;
  const request = dispatch(authApi.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }));
  const result = await request;
  const current = getState().auth.user;
  if (!result.data || !current || String(result.data.id) !== current.id) return;
  const fresh = toSessionUser(result.data);
  if (JSON.stringify(fresh) !== JSON.stringify(current)) dispatch(userUpdated(fresh));
});

/**
 * A one-shot check of the OAuth callback's token with no cache entry: a lazy-query hook would run it again when
 * StrictMode remounts the page.
 */
export const fetchProfileWithToken = createAsyncThunk<ProfileResponse, string, { state: { auth: AuthState } }>(
  'auth/fetchProfileWithToken',
  async (token, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(authApi.endpoints.getProfileWithToken.initiate(token, { subscribe: false, forceRefetch: true })).unwrap();
    } catch (error) {
      return rejectWithValue(error);
    }
  },
);

/**
 * The OAuth callback's exchange of its one-time code for a token pair. Not tracked in the store (the answer
 * carries tokens; the page hands them to the session itself). Rejects with the API's error.
 */
export const exchangeOAuthCode = createAsyncThunk<LoginResponse, string, { state: { auth: AuthState } }>(
  'auth/exchangeOAuthCode',
  async (code, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(authApi.endpoints.exchangeOAuthCode.initiate({ code }, { track: false })).unwrap();
    } catch (error) {
      return rejectWithValue(error);
    }
  },
);
