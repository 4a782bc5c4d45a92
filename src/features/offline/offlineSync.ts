import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '@/api/api';
import { watchRequests } from '@/api/baseQuery';
import { isApiError } from '@/api/errors';
import { API_BASE_URL } from '@/api/url';
import type { AppDispatch } from '@/store/hooks';
import type { RootState } from '@/store/rootReducer';
import { type ConnectivityState, browserWentOffline, browserWentOnline, selectOnline, serverReached, serverUnreachable } from './connectivitySlice';
import { offlineApi } from './offlineApi';
import { changeDeferred, changeRefused, changeSending, changeSent, queueLoaded, selectQueue } from './queueSlice';
import { readQueue, writeQueue } from './queueStorage';
import { OFFLINE_CHANGES_OFF } from './texts';
import type { QueuedChange } from './types';

function connectivityOf(api: Pick<BaseQueryApi, 'getState'>): ConnectivityState | undefined {
  return (api.getState() as Partial<RootState>).connectivity;
}

/** Calls that go through offline too: signing in or out, and the session's own refresh. */
const SESSION_CALL = /^\/auth\/(login|logout|refresh-token|rotate-refresh-token|register\/)/;

/**
 * With the browser offline, a change is not attempted: customers and admins are read-only, and the technician's time
 * and status changes are queued before they get here. Every request that gets no answer (and was not aborted by this tab) marks
 * the server unreachable; one that gets an answer, reachable again.
 */
watchRequests((args: string | FetchArgs, baseApi, result) => {
  const connectivity = connectivityOf(baseApi);
  if (!connectivity) return null;
  if (!result) {
    const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
    const url = typeof args === 'string' ? args : args.url;
    // Refused only while the browser itself is offline. After a request that got no answer (the server unreachable
    // while the browser is online) a change the person sends is attempted: its answer is the quickest proof that the
    // server is back, and a "Try again" must not be refused until the next health probe.
    return connectivity.browserOnline || method === 'GET' || SESSION_CALL.test(url) ? null : { error: { status: 'NETWORK', message: OFFLINE_CHANGES_OFF } };
  }
  if (result.meta?.response) {
    if (!connectivity.serverReachable) baseApi.dispatch(serverReached());
  } else if (result.error && (result.error.status === 'FETCH_ERROR' || result.error.status === 'TIMEOUT_ERROR') && !baseApi.signal.aborted) {
    if (connectivity.serverReachable) baseApi.dispatch(serverUnreachable());
  }
  return null;
});

export interface OfflineStore {
  dispatch: AppDispatch;
  getState: () => RootState;
  subscribe: (listener: () => void) => () => void;
}

export interface OfflineSyncOptions {
  /** The first wait before asking the server again after a request got no answer, then doubled (default 0 ms). */
  firstProbeDelayMs?: number;
  /** The longest wait between two tries (default 15 s). */
  maxDelayMs?: number;
}

/** GET /api/health as an absolute URL (fetch outside a page, e.g. in tests, cannot resolve a relative one). */
function healthUrl(): string {
  return new URL(`${API_BASE_URL.replace(/\/$/, '')}/health`, window.location.origin).toString();
}

/** An answer that says "try again later" rather than "no": the same change, the same key, later. */
function isPassing(status: number | 'NETWORK'): boolean {
  return status === 'NETWORK' || status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * The tab's offline machinery for one store: follows the browser's online/offline events; after a request got no
 * answer, asks the server's health again with a growing pause until one does; reads the signed-in user's queue from
 * the device and writes every change of it back; and, whenever online, sends the waiting changes one at a time in
 * the order they were made. A refused change keeps the server's message and waits for the person; the ones after it
 * are still sent. Returns the function that stops it.
 */
export function startOfflineSync(store: OfflineStore, options: OfflineSyncOptions = {}): () => void {
  const firstDelay = options.firstProbeDelayMs ?? 0;
  const maxDelay = options.maxDelayMs ?? 15_000;
  let stopped = false;

  // --- the connection
  const onOnline = () => store.dispatch(browserWentOnline());
  const onOffline = () => store.dispatch(browserWentOffline());
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (typeof navigator !== 'undefined' && navigator.onLine !== store.getState().connectivity?.browserOnline) {
    store.dispatch(navigator.onLine ? browserWentOnline() : browserWentOffline());
  }

  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let probeDelay = firstDelay;
  const probe = async () => {
    try {
      await fetch(healthUrl(), { cache: 'no-store' });
      if (stopped) return;
      probeDelay = firstDelay;
      store.dispatch(serverReached());
    } catch {
      probeDelay = Math.min(Math.max(probeDelay * 2, 1000), maxDelay);
    } finally {
      probeTimer = undefined;
      if (!stopped) check();
    }
  };

  // --- the queue on the device
  let loadingFor: string | null = null;
  let written: readonly QueuedChange[] | null = null;
  let writing: Promise<void> = Promise.resolve();
  const load = (userId: string) => {
    loadingFor = userId;
    readQueue(userId)
      .catch((error: unknown) => {
        console.warn('The offline queue could not be read from this device', error);
        return [] as QueuedChange[];
      })
      .then((entries) => {
        if (stopped || loadingFor !== userId || store.getState().auth.user?.id !== userId) return;
        store.dispatch(queueLoaded({ userId, entries }));
      });
  };
  const persist = (userId: string, entries: readonly QueuedChange[]) => {
    written = entries;
    writing = writing
      // Not after a logout (or another user's sign-in) meanwhile: the device keeps nothing of a signed-out user.
      .then(() => (selectQueue(store.getState()).userId === userId ? writeQueue(userId, entries) : undefined))
      .catch((error: unknown) => console.warn('The offline queue could not be saved on this device', error));
  };

  // --- sending
  let sending = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = 1000;
  const tagged = (tags: readonly string[]) => api.enhanceEndpoints({ addTagTypes: tags });

  const send = async () => {
    sending = true;
    try {
      for (;;) {
        const state = store.getState();
        const next = selectQueue(state).entries.find((entry) => entry.state === 'waiting');
        if (stopped || !next || !selectOnline(state)) return;
        store.dispatch(changeSending(next.id));
        const result = await store.dispatch(offlineApi.endpoints.sendQueuedChange.initiate({ request: next.request, key: next.id }, { track: false }));
        if (stopped) return;
        if (!('error' in result)) {
          retryDelay = 1000;
          store.dispatch(changeSent(next.id));
          if (next.tags.length > 0) store.dispatch(tagged(next.tags).util.invalidateTags(next.tags));
          continue;
        }
        const error = result.error;
        const status = isApiError(error) ? error.status : 'NETWORK';
        store.dispatch(changeDeferred(next.id));
        if (isPassing(status)) {
          // No answer: the API layer has marked the server unreachable, and reaching it again sends this again. A
          // passing server error (or no answer while still online) is tried again after a growing pause.
          if (selectOnline(store.getState())) {
            retryTimer = setTimeout(() => {
              retryTimer = undefined;
              check();
            }, retryDelay);
            retryDelay = Math.min(retryDelay * 2, maxDelay);
          }
          return;
        }
        store.dispatch(changeRefused({ id: next.id, message: isApiError(error) ? error.message : String(error) }));
      }
    } finally {
      sending = false;
    }
  };

  function check() {
    if (stopped) return;
    const state = store.getState();
    const connectivity = state.connectivity;
    if (connectivity?.browserOnline && !connectivity.serverReachable && probeTimer === undefined) {
      probeTimer = setTimeout(() => void probe(), probeDelay);
    }
    const userId = state.auth.user?.id ?? null;
    const queue = selectQueue(state);
    if (userId && queue.userId !== userId && loadingFor !== userId) load(userId);
    if (!userId) loadingFor = null;
    if (queue.loaded && queue.userId && queue.userId === userId && queue.entries !== written) persist(queue.userId, queue.entries);
    if (!sending && retryTimer === undefined && queue.loaded && selectOnline(state) && queue.entries.some((entry) => entry.state === 'waiting')) {
      void send();
    }
  }

  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(probeTimer);
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
