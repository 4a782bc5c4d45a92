import { checkStoredSession } from '@/features/auth';
import { startStorageSync } from './listeners';
import { setupPersistor, setupStore, type AppStore } from './store';

let instance: { store: AppStore } | null = null;

/**
 * The browser's one store, created on first use (so the public pages never load Redux): it restores the session
 * (spec §4 "App start"), checks it with the server, rehydrates the persisted slices and starts the cross-tab sync.
 * The route loaders and the store layout use it.
 */
export function getAppStore(): { store: AppStore } {
  if (!instance) {
    const store = setupStore();
    instance = { store };
    setupPersistor(store);
    startStorageSync(store);
    void store.dispatch(checkStoredSession());
  }
  return instance;
}

/** A store made elsewhere (a test's) becomes the one the routes use. */
export function provideAppStore(store: AppStore): void {
  instance = { store };
}
