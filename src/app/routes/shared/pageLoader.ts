import { hasRole, type Role, selectCurrentUser } from '@/features/auth';
import { selectClientStateRestored } from '@/store/clientState';
import type { AppDispatch } from '@/store/hooks';
import type { RootState } from '@/store/rootReducer';
import { getAppStore } from '@/app/appStore';

const deviceData = () => import(/* webpackChunkName: "device-data" */ '@/app/deviceData');

type Store = ReturnType<typeof getAppStore>['store'];

/** The client state kept in localStorage (a filter, a day) is back: a page's reads depend on it. */
function restored(store: Store): Promise<void> {
  if (selectClientStateRestored(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (!selectClientStateRestored(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the page's reads without waiting for them, so navigation is not held; the page's hooks find them under way.
 * A read that failed before the page showed is made again by the page (RTK Query retries it for a new subscriber).
 */
export function pageLoader(role: Role, start: (dispatch: AppDispatch, state: RootState) => void) {
  return async () => {
    const { store } = getAppStore();
    // What the device kept goes in first: the page paints from it, and these reads then ask the server again.
    if (selectCurrentUser(store.getState())) await deviceData().then((m) => m.keptOnDevice(store));
    if (!hasRole(selectCurrentUser(store.getState()), role)) return null;
    // Without holding the navigation: the page shows its own wait for the client state meanwhile (RequireAuth).
    void restored(store).then(() => start(store.dispatch, store.getState()));
    return null;
  };
}
