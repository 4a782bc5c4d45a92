import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout, tokensRefreshed } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';
import { tokenStorage } from './tokenStorage';
import type { AuthState, SessionUser } from './types';

/** Spec §3 "Auth state": loading is on until the app start decides. */
export const initialAuthState: AuthState = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
};

/**
 * Spec §4 "App start": both the stored token and the stored user → authenticated; otherwise loading ends
 * unauthenticated; corrupt stored data → storage cleared and logged out.
 */
export function restoreAuthState(): AuthState {
  const stored = tokenStorage.read();
  if (stored.kind === 'session') {
    const { token, refreshToken, user } = stored.session;
    return { user, token, refreshToken, isAuthenticated: true, isLoading: false, error: null };
  }
  if (stored.kind === 'corrupt') tokenStorage.clear();
  return { ...initialAuthState, isLoading: false };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    authStart(state) {
      state.isLoading = true;
      state.error = null;
    },
    authSuccess(_state, action: PayloadAction<{ user: SessionUser; token: string; refreshToken: string | null }>) {
      const { user, token, refreshToken } = action.payload;
      return { user, token, refreshToken, isAuthenticated: true, isLoading: false, error: null };
    },
    authFailure(state, action: PayloadAction<string>) {
      return { user: null, token: null, refreshToken: null, isAuthenticated: false, isLoading: false, error: action.payload, endedUserId: state.endedUserId ?? null };
    },
    clearError(state) {
      state.error = null;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
    /** The local user copy changed (profile loaded or updated). */
    userUpdated(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(logout, (state) => ({ ...initialAuthState, isLoading: false, endedUserId: state.user?.id ?? state.endedUserId ?? null }))
      .addCase(tokensRefreshed, (state, action) => {
        state.token = action.payload.token;
        state.refreshToken = action.payload.refreshToken;
      });
  },
  selectors: {
    selectAuth: (state) => state,
    selectCurrentUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.isAuthenticated,
    selectAuthLoading: (state) => state.isLoading,
    selectAuthError: (state) => state.error,
    selectToken: (state) => state.token,
  },
});

declare module '@/store/rootReducer' {
  export interface StaticSlices extends WithSlice<typeof authSlice> {}
}
authSlice.injectInto(rootReducer);

export { logout, tokensRefreshed };
export const { authStart, authSuccess, authFailure, clearError, setLoading, userUpdated } = authSlice.actions;
export const { selectAuth, selectCurrentUser, selectIsAuthenticated, selectAuthLoading, selectAuthError, selectToken } =
  authSlice.selectors;
export default authSlice;
