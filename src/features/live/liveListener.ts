import { LIVE_EVENT_TYPES, type LiveEventType, type StreamControl } from '@contract/live';
import { api } from '@/api/api';
import { API_BASE_URL } from '@/api/baseQuery';
import type { AppDispatch } from '@/store/hooks';
import type { RootState } from '@/store/rootReducer';
import { checkStoredSession, tokenStorage } from '@/features/auth';
import { STREAM_IDLE_TIMEOUT_MS, openEventStream, type EventStream, type StreamMessage } from '@/lib/eventStream';
import { resyncTags, type LiveTagMap } from './liveTags';

/**
 * What the header's indicator shows: 'connecting' before the first connection (nothing shown), 'live' while
 * connected, 'paused' after a break until the stream is back, 'off' once stopped (signed out, session ended).
 */
export type LiveStatus = 'connecting' | 'live' | 'paused' | 'off';

export interface LiveStore {
  dispatch: AppDispatch;
  getState: () => RootState;
  subscribe: (listener: () => void) => () => void;
}

export interface LiveListenerOptions {
  /** The tags each event kind invalidates. */
  tags: LiveTagMap;
  onStatus?: (status: LiveStatus) => void;
  /** Events arriving within this window are merged into one invalidation (default: the same tick). */
  coalesceMs?: number;
  /** Backoff bounds and dead-connection time-out (tests shorten them). */
  minDelayMs?: number;
  maxDelayMs?: number;
  idleTimeoutMs?: number;
}

const isDataEvent = (type: string): type is LiveEventType => (LIVE_EVENT_TYPES as readonly string[]).includes(type);
const control = (name: StreamControl) => name;

/** GET /api/events as an absolute URL (fetch outside a page, e.g. in tests, cannot resolve a relative one). */
export function eventsUrl(): string {
  const base = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return new URL(`${API_BASE_URL.replace(/\/$/, '')}/events`, base).toString();
}

/**
 * Turns live events into tag invalidations, so lists refetch and no copy of the data lives here; after a break every
 * list refetches once, and an expired token goes through the baseQuery's single, locked refresh.
 */
export function startLiveListener(store: LiveStore, options: LiveListenerOptions): () => void {
  let stopped = false;
  let status: LiveStatus = 'connecting';
  let hadBreak = false;
  const pending = new Set<string>();
  const resync = resyncTags(options.tags);
  // Registering the tags it invalidates keeps RTK Query from warning about a domain whose code is not loaded yet.
  const tagged = api.enhanceEndpoints({ addTagTypes: resync });
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const flush = () => {
    flushTimer = undefined;
    if (stopped || pending.size === 0) return;
    const tags = [...pending];
    pending.clear();
    store.dispatch(tagged.util.invalidateTags(tags));
  };

  const invalidate = (tags: readonly string[]) => {
    for (const tag of tags) pending.add(tag);
    if (flushTimer === undefined) flushTimer = setTimeout(flush, options.coalesceMs ?? 0);
  };

  /** The token to send: the store's, or (before the store has it) the stored one. */
  const token = () => store.getState().auth.token ?? tokenStorage.getToken();

  /** Refreshes the access token through the API's refresh path; true while the session goes on. */
  const refresh = async (): Promise<boolean> => {
    await store.dispatch(checkStoredSession());
    return !stopped && store.getState().auth.isAuthenticated;
  };

  let stream: EventStream | null = null;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(flushTimer);
    pending.clear();
    unsubscribe();
    stream?.close();
    setStatus('off');
  };

  const onMessage = (message: StreamMessage) => {
    if (stopped) return;
    if (isDataEvent(message.type)) {
      invalidate(options.tags[message.type]);
      return;
    }
    switch (message.type) {
      case control('token-expired'):
        stream?.reconnect(refresh());
        return;
      case control('session-ended'):
        stop();
        return;
      case control('resync'):
        invalidate(resync);
        return;
      default:
        return; // heartbeat, and anything this version does not know
    }
  };

  const unsubscribe = store.subscribe(() => {
    if (!store.getState().auth.isAuthenticated) stop();
  });

  if (!store.getState().auth.isAuthenticated || !token()) {
    stop();
    return stop;
  }

  stream = openEventStream({
    url: eventsUrl(),
    headers: (): Record<string, string> => {
      const current = token();
      return current ? { Authorization: `Bearer ${current}` } : {};
    },
    onMessage,
    onStatus: (streamStatus) => {
      if (stopped) return;
      if (streamStatus === 'open') {
        if (hadBreak) invalidate(resync);
        hadBreak = false;
        setStatus('live');
      } else if (streamStatus === 'down') {
        hadBreak = true;
        setStatus('paused');
      }
    },
    onRefused: async (httpStatus) => {
      // 401: the token (refresh it and come back); anything else: this user may not have the stream — stop.
      const retry = httpStatus === 401 && (await refresh());
      if (!retry) stop();
      return retry;
    },
    minDelayMs: options.minDelayMs,
    maxDelayMs: options.maxDelayMs,
    idleTimeoutMs: options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS,
  });
  return stop;
}
