import { checkStoredSession } from '@/features/auth';
import { startStorageSync } from './listeners';
import { setupPersistor, setupStore, type AppStore } from './store';

let instance: { store: AppStore } | null = null;

/**
 * The browser's one store, created on first use so the public pages never load Redux; creating it restores and
 * checks the session (spec §4 "App start") and rehydrates the persisted slices.
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
