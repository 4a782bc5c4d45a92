import { checkStoredSession } from '@/features/auth/authThunks';
import { startStorageSync } from './listeners';
import { setupPersistor, setupStore, type AppStore } from './store';

let instance: { store: AppStore; persistor: ReturnType<typeof setupPersistor> } | null = null;

/**
 * The browser's one store, created on first use: the public pages (landing, about, services, pricing, not
 * found) never load Redux, so their bundle stays small. Restores the session (spec §4 "App start"),
 * checks it with the server, rehydrates the local-data slices and starts the cross-tab sync.
 */
export function getAppStore() {
  if (!instance) {
    const store = setupStore();
    instance = { store, persistor: setupPersistor(store) };
    startStorageSync(store);
    void store.dispatch(checkStoredSession());
  }
  return instance;
}
