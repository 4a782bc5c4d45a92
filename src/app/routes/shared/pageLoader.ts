import { hasRole, type Role, selectCurrentUser, type SessionUser } from '@/features/auth';
import { selectClientStateRestored } from '@/store/clientState';
import type { AppDispatch } from '@/store/hooks';
import type { RootState } from '@/store/rootReducer';
import { getAppStore } from '@/app/appStore';
import { deviceKeeps } from '@/lib/keptMark';

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
 * Set when a session begins on this page (sign-in starts the first reads through {@link PageLoader.startReads}): from
 * then on the page holds this user's answers itself, newer than anything the device could give back, so the loaders
 * stop waiting for the device (its keeper still starts: it clears another user's data and keeps this one's).
 */
let signedInOnThisPage = false;

/** A page's loader, and its reads on their own (for sign-in: see {@link PageLoader.startReads}). */
export interface PageLoader {
  (): Promise<null>;
  /**
   * The page's reads now, without waiting for what the device kept: for the moment of sign-in, when the device holds
   * nothing of this user (a sign-in follows a logout or an ended session, which delete it all, or a first visit), so
   * there is nothing to paint from and the restore would only hold the reads back. A read under way is never
   * replaced by a kept answer (deviceData.ts rehydrationOf), so the two cannot clash. `user` is the one the sign-in's
   * answer names: called before the store has them (`LoginArgs.onAnswer`), the reads are asked for as that user, and
   * in the same task (the client state is back long before anyone signs in).
   */
  startReads(user: SessionUser): void;
}

/**
 * Starts the page's reads without waiting for them, so navigation is not held; the page's hooks find them under way.
 * A read that failed before the page showed is made again by the page (RTK Query retries it for a new subscriber).
 */
export function pageLoader(role: Role, start: (dispatch: AppDispatch, state: RootState) => void): PageLoader {
  const begin = (signingIn?: SessionUser) => {
    const { store } = getAppStore();
    const user = signingIn ?? selectCurrentUser(store.getState());
    if (!hasRole(user, role)) return;
    const go = () => {
      const state = store.getState();
      start(store.dispatch, state.auth.user === user ? state : { ...state, auth: { ...state.auth, user } });
    };
    if (selectClientStateRestored(store.getState())) go();
    // Without holding the navigation: the page shows its own wait for the client state meanwhile (RequireAuth).
    else void restored(store).then(go);
  };
  const startReads = (user: SessionUser) => {
    signedInOnThisPage = true;
    begin(user);
  };
  const loader = async () => {
    const { store } = getAppStore();
    const user = selectCurrentUser(store.getState());
    // With nothing of this user on the device (a first visit, a visit after a logout), the reads go at once, without
    // the device's code or database on the way: the header starts the keeper after the page's first paint
    // (liveWidgets.tsx), which keeps these answers and deletes anyone else's.
    if (user && (signedInOnThisPage || deviceKeeps(user.id))) {
      // What the device kept goes in first: the page paints from it, and these reads then ask the server again. Right
      // after signing in there is nothing to paint from, and the navigation does not wait for the device to say so.
      const kept = deviceData().then((m) => m.keptOnDevice(store));
      if (signedInOnThisPage) kept.catch(() => undefined);
      else await kept;
    }
    begin();
    return null;
  };
  return Object.assign(loader, { startReads });
}
