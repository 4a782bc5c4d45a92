import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, createMigrate, persistReducer, persistStore, type PersistedState } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { api } from '@/api/api';
import type { SessionTokensState } from '@/api/session';
import { restoreAuthState } from '@/features/auth';
import { appointmentsSlice, bookingSlice, servicesSlice } from '@/features/jobs';
import { timeLogsSlice } from '@/features/timeLogs';
import { rootReducer, type RootState } from '@/store/rootReducer';
import { listenerMiddleware } from './listeners';

export type { RootState };

// The API layer reads the tokens through its own view of the state; the store must still have them there.
const _storeHoldsTheTokens = (state: RootState): SessionTokensState => state;

// The persisted design-card slices, imported so each has injected itself before the store exists: REHYDRATE hands
// back their stored state at start, and combineReducers would drop the state of a slice it does not know yet.
const PERSISTED_SLICES = [servicesSlice, timeLogsSlice, appointmentsSlice, bookingSlice];

/** Bump when a persisted slice changes shape; add a migration that maps the old shape (or drops it). */
export const PERSIST_VERSION = 3;

type StoredState = PersistedState & Record<string, unknown>;

/** Each migration takes the stored state of the previous version; a dropped slice starts again from its initial state. */
const migrations = {
  // v2: appointments now hold the employees too, and booking keeps the confirmed booking.
  2: (state: PersistedState) => {
    if (!state) return state;
    const { appointments: _appointments, booking: _booking, ...rest } = state as StoredState;
    return rest as PersistedState;
  },
  // v3: the shop's data lives on the server; the slices keep only client state (filters, month, drafts). The
  // copies of sample jobs, logs and appointments that v2 kept are dropped — nothing of them is carried over.
  3: (state: PersistedState) => {
    if (!state) return state;
    const { _persist } = state as StoredState;
    return { _persist } as PersistedState;
  },
};
export const PERSIST_KEY = 'carcare';

export const persistConfig = {
  key: PERSIST_KEY,
  version: PERSIST_VERSION,
  storage,
  // The client-state slices only: auth lives in its own three keys, the server data (the api cache) is never persisted.
  whitelist: PERSISTED_SLICES.map((slice) => slice.reducerPath),
  migrate: createMigrate(migrations, { debug: false }),
};

const persistedReducer = persistReducer(persistConfig, rootReducer);

/**
 * Creates the store. Without a preloaded auth state the session is restored from localStorage (spec §4
 * "App start"). Tests pass the state they need.
 */
export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: { auth: restoreAuthState(), ...preloadedState } as ReturnType<typeof persistedReducer>,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  setupListeners(store.dispatch);
  return store;
}

export function setupPersistor(store: AppStore) {
  return persistStore(store);
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
