import { checkStoredSession } from '@/features/auth';
import { startStorageSync } from './listeners';
import { setupPersistor, setupStore, type AppStore } from './store';

let instance: { store: AppStore } | null = null;
let deviceData: Promise<void> | undefined;

/**
 * The browser's one store, created on first use so the public pages never load Redux; creating it restores and
 * checks the session (spec §4 "App start") and rehydrates the persisted slices. Once someone is signed in, their
 * answers are kept on the device (deviceData.ts, its own chunk: the sign-in pages never download it).
 */
export function getAppStore(): { store: AppStore } {
  if (!instance) {
    const store = setupStore();
    instance = { store };
    setupPersistor(store);
    startStorageSync(store);
    const keep = () => {
      if (deviceData || !store.getState().auth.user) return;
      deviceData = import(/* webpackChunkName: "device-data" */ './deviceData').then(
        (m) => m.keepOnDevice(store),
        () => void (deviceData = undefined),
      );
    };
    keep();
    store.subscribe(keep);
    void store.dispatch(checkStoredSession());
  }
  return instance;
}

/** Settles once the answers kept on the device are back in the cache (at once when there is nothing to wait for). */
export function deviceDataRestored(): Promise<void> {
  return deviceData ?? Promise.resolve();
}

/** A store made elsewhere (a test's) becomes the one the routes use. */
export function provideAppStore(store: AppStore): void {
  instance = { store };
}
