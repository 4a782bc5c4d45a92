import type { PersistedState } from 'redux-persist';
import type { RootState } from './rootReducer';

/**
 * Whether the client state kept in localStorage is back in the store: false from persistStore's start until its
 * REHYDRATE. A store without a persistor (tests, the build's pre-render) has nothing to wait for.
 */
export function selectClientStateRestored(state: RootState): boolean {
  return (state as RootState & Partial<PersistedState>)._persist?.rehydrated ?? true;
}
