import { createAsyncThunk } from '@reduxjs/toolkit';
import { MESSAGES, messageOf } from '@/api/errors';
import { navigateTo } from '@/app/navigation';
import { authApi } from './authApi';
import { authFailure, authStart, authSuccess, logout } from './authSlice';
import { toSessionUser } from './sessionUser';
import type { AuthState, LoginRequest, RegistrationRequest, RegistrationResponse, SessionUser } from './types';

export const LOGIN_AFTER_REGISTRATION_FAILED = 'Login after registration failed - no JWT token received';

type ThunkConfig = { state: { auth: AuthState }; rejectValue: string };

/** Sign in: start → success (user, tokens) or failure (message). Rejects with the user-facing message. */
export const loginUser = createAsyncThunk<SessionUser, LoginRequest, ThunkConfig>(
  'auth/loginUser',
  async (credentials, { dispatch, rejectWithValue }) => {
    dispatch(authStart());
    try {
      const res = await dispatch(authApi.endpoints.login.initiate(credentials)).unwrap();
      const user = toSessionUser(res);
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
 * Spec §4 "Registration": token and id in the answer → signed in; else success or a message containing
 * 'successfully' → a separate login with the same credentials; else the answer's message (or a validation
 * message) is raised.
 */
export const registerUser = createAsyncThunk<SessionUser, RegisterArgs, ThunkConfig>(
  'auth/registerUser',
  async ({ role, ...payload }, { dispatch, rejectWithValue }) => {
    dispatch(authStart());
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
      throw new Error(res.message || MESSAGES.VALIDATION_ERROR);
    } catch (error) {
      const message = messageOf(error, MESSAGES.NETWORK_ERROR);
      dispatch(authFailure(message));
      return rejectWithValue(message);
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
    navigateTo(arg?.redirectTo ?? '/');
  },
);
