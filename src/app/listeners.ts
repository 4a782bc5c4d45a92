import { createListenerMiddleware, isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { api } from '@/api/api';
import { type AuthState, authFailure, authSuccess, logout, STORAGE_KEYS, tokenStorage, tokensRefreshed, userUpdated } from '@/features/auth';

export const listenerMiddleware = createListenerMiddleware();

type ListenerState = { auth: AuthState };
// The dispatch type is the store's; `unknown`-free because listeners only dispatch plain actions and api utils.
const startListening = listenerMiddleware.startListening as TypedStartListening<ListenerState>;

/** Keeps the three localStorage keys in step with the auth slice; reducers stay pure (architecture.md §3). */
startListening({
  matcher: isAnyOf(authSuccess, tokensRefreshed, userUpdated),
  effect: (_action, { getState }) => {
    const { token, refreshToken, user } = getState().auth;
    if (token && user) tokenStorage.saveSession({ token, refreshToken, user });
  },
});

/** Logout (and a failed sign-in) clears storage; logout also empties the RTK Query cache. */
startListening({
  matcher: isAnyOf(logout, authFailure),
  effect: async (action, { dispatch, delay }) => {
    tokenStorage.clear();
    if (!logout.match(action)) return;
    // Let the request that ended the session settle first: a reset aborts every request still in flight.
    await delay(0);
    dispatch(api.util.resetApiState());
  },
});

interface SyncStore {
  dispatch: (action: ReturnType<typeof logout | typeof authSuccess | typeof tokensRefreshed>) => unknown;
  getState: () => ListenerState;
}

/**
 * Cross-tab sync: another tab removing the token logs this tab out; a session written by another tab
 * (sign-in or refresh) is adopted. Returns the unsubscribe function.
 */
export function startStorageSync(store: SyncStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
    const { auth } = store.getState();
    const stored = tokenStorage.read();
    if (stored.kind !== 'session') {
      if (auth.isAuthenticated) store.dispatch(logout());
      return;
    }
    const { token, refreshToken, user } = stored.session;
    if (!auth.isAuthenticated || auth.user?.id !== user.id) store.dispatch(authSuccess({ user, token, refreshToken }));
    else if (auth.token !== token) store.dispatch(tokensRefreshed({ token, refreshToken: refreshToken ?? '' }));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
