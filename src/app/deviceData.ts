import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, type ApiRestoredFromDevice } from '@/api/api';
import { clearDeviceData } from '@/lib/deviceData';
import { canKeepOnDevice, deviceRecords } from '@/lib/deviceStore';
import { markKeptFor } from '@/lib/keptMark';
import type { RootState } from '@/store/rootReducer';

// The signed-in user's server data kept on the device (IndexedDB, lib/deviceStore.ts), so a returning user's pages
// paint from it at once and then read the server again. Loaded (its own chunk) once someone is signed in: the
// sign-in pages never download it.

/** Bump when what is kept changes shape: a record of another version is dropped, never read. */
export const CACHE_FORMAT_VERSION = 1;
/** An answer kept longer than this is dropped, not shown. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one write per this interval, whatever the number of answers meanwhile. */
export const WRITE_INTERVAL_MS = 2000;
/** How long the pages wait for the device at start before they go on without it. */
export const RESTORE_WAIT_MS = 1000;

/** The record of a user's cache: one key per user, so one user's data is never read for another. */
export const cacheKeyFor = (userId: string) => `api-cache:${userId}`;

/** Answers not kept: a token in the arguments, or an answer that means something only at its moment. */
const NOT_KEPT: ReadonlySet<string> = new Set(['getProfileWithToken', 'checkEmail', 'getActiveSessions']);

type ApiState = RootState['api'];
// What RTK Query keeps per cache entry (its FullTagDescription: always an object, id optional).
type Tag = Exclude<TagDescription<string>, string>;
type Tags = Tag[];

/** A query's answer as kept: its data, what it was asked with, the tags it provides and when it was answered. */
export interface KeptQuery {
  endpointName: string;
  originalArgs: unknown;
  data: unknown;
  tags: Tags;
  fetchedAt: number;
}

export interface KeptCache {
  version: number;
  userId: string;
  savedAt: number;
  queries: Record<string, KeptQuery>;
}

/** When the answers put back from the device were fetched (they carry no fulfilledTimeStamp of their own, see below). */
const restoredAt = new Map<string, number>();

/**
 * The answers in the cache: each query's data from its last success (a query never answered, a failure's error,
 * mutations and subscriptions are not kept). A query being read again, or whose new read failed (offline), keeps the
 * data it shows: a phone without signal reloading the app still finds it.
 */
export function snapshotOf(state: ApiState, userId: string, now: number): KeptCache {
  const queries: Record<string, KeptQuery> = {};
  for (const [key, entry] of Object.entries(state.queries)) {
    if (!entry || entry.data === undefined || NOT_KEPT.has(entry.endpointName)) continue;
    const fetchedAt = entry.fulfilledTimeStamp ?? restoredAt.get(key);
    if (fetchedAt === undefined) continue;
    queries[key] = {
      endpointName: entry.endpointName,
      originalArgs: entry.originalArgs,
      data: entry.data,
      tags: (state.provided.keys as Record<string, Tags | undefined>)[key] ?? [],
      fetchedAt,
    };
  }
  return { version: CACHE_FORMAT_VERSION, userId, savedAt: now, queries };
}

/** The record's answers that may be shown to `userId` now: none from another version or user, none too old. */
export function keptFor(record: unknown, userId: string, now: number): Record<string, KeptQuery> {
  const kept = record as Partial<KeptCache> | undefined;
  if (!kept || kept.version !== CACHE_FORMAT_VERSION || kept.userId !== userId || typeof kept.queries !== 'object' || !kept.queries) return {};
  return Object.fromEntries(Object.entries(kept.queries).filter(([, query]) => now - query.fetchedAt <= CACHE_MAX_AGE_MS));
}

/**
 * RTK Query's rehydration state for the kept answers the cache has no answer for yet (an answer already there, or a
 * request under way, is newer; a failed request, offline say, is replaced). The entries carry no fulfilledTimeStamp:
 * RTK Query then counts them as not yet fetched, so the first reader (a page's loader or hook) asks the server again
 * while the kept data is shown.
 */
export function rehydrationOf(queries: Record<string, KeptQuery>, current: ApiState) {
  const entries: Record<string, object> = {};
  const keys: Record<string, Tags> = {};
  const tags: Record<string, Record<string, string[]>> = {};
  for (const [key, query] of Object.entries(queries)) {
    const status = current.queries[key]?.status;
    if (status === 'fulfilled' || status === 'pending') continue;
    entries[key] = { status: 'fulfilled', endpointName: query.endpointName, originalArgs: query.originalArgs, data: query.data, requestId: `device-${key}` };
    keys[key] = query.tags;
    for (const { type, id } of query.tags) ((tags[type] ??= {})[String(id ?? '__internal_without_id')] ??= []).push(key);
  }
  return { queries: entries, mutations: {}, provided: { tags, keys } };
}

export interface DeviceDataStore {
  getState: () => RootState;
  dispatch: (action: { type: string }) => unknown;
  subscribe: (listener: () => void) => () => void;
}

export interface KeepOptions {
  writeIntervalMs?: number;
  /** Stops keeping (the store is let go of). */
  signal?: AbortSignal;
}

export { clearDeviceData };

const keeping = new WeakMap<DeviceDataStore, Promise<void>>();

/**
 * {@link keepOnDevice} once per store, from wherever the app first needs it: the pages' loaders (so they paint from
 * what was kept), the technician dashboard, and the signed-in frames' header (every signed-in page). Settles as
 * keepOnDevice does.
 */
export function keptOnDevice(store: DeviceDataStore, options?: KeepOptions): Promise<void> {
  let kept = keeping.get(store);
  if (!kept) {
    // The first caller's options (a test's interval and stop signal) hold for the store's one keeper.
    kept = keepOnDevice(store, options);
    keeping.set(store, kept);
  }
  return kept;
}

/**
 * Keeps the signed-in user's answers on the device: puts back what was kept for them (dropping everything if the
 * device holds someone else's), writes the cache again at most every {@link WRITE_INTERVAL_MS}, and deletes all the
 * app's data on the device when the session ends or another user's begins (here or in another tab: the storage sync
 * dispatches the same actions). Settles once what was kept is back, or after {@link RESTORE_WAIT_MS}.
 */
export function keepOnDevice(store: DeviceDataStore, options: KeepOptions = {}): Promise<void> {
  if (!canKeepOnDevice()) return Promise.resolve();
  const interval = options.writeIntervalMs ?? WRITE_INTERVAL_MS;
  let userId = store.getState().auth.user?.id ?? null;
  let cache = store.getState().api;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Reads, writes and deletions one after the other: a write started before a sign-out cannot land after its deletion.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (task: () => Promise<unknown>) => (queue = queue.then(task).catch(() => undefined));

  /** The device holds only this user's data: another user's means a shared computer, and all of it goes. */
  const adopt = (id: string) =>
    run(async () => {
      const keys = await deviceRecords.keys();
      if (keys.some((key) => key !== cacheKeyFor(id))) {
        await clearDeviceData();
        return;
      }
      const queries = keptFor(await deviceRecords.get(cacheKeyFor(id)), id, Date.now());
      if (store.getState().auth.user?.id !== id || Object.keys(queries).length === 0) return;
      const payload = rehydrationOf(queries, store.getState().api);
      for (const [key, query] of Object.entries(queries)) if (key in payload.queries) restoredAt.set(key, query.fetchedAt);
      const restored: ApiRestoredFromDevice = { type: 'api/restoredFromDevice', restoredApi: payload };
      store.dispatch(restored);
    });

  const write = () => {
    timer = undefined;
    const id = store.getState().auth.user?.id;
    if (!id || id !== userId) return;
    const snapshot = snapshotOf(store.getState().api, id, Date.now());
    run(() => deviceRecords.set(cacheKeyFor(id), snapshot).then(() => markKeptFor(id)));
  };
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };

  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    const id = state.auth.user?.id ?? null;
    if (id !== userId) {
      const previous = userId;
      userId = id;
      clearTimeout(timer);
      timer = undefined;
      restoredAt.clear();
      // Another user signed in (in another tab): nothing of the previous one may stay on screen or on the device.
      if (previous !== null && id !== null) store.dispatch(api.util.resetApiState());
      if (previous !== null) run(clearDeviceData);
      if (id !== null) void adopt(id);
      return;
    }
    if (id === null || state.api === cache) return;
    cache = state.api;
    timer ??= setTimeout(write, interval);
  });
  // A tab closed or sent to the background keeps its latest answers.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  options.signal?.addEventListener('abort', () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  });

  // Started after answers came in (a page that did not wait for the device: nothing was kept): they are kept too.
  if (userId !== null && Object.keys(cache.queries).length > 0) timer = setTimeout(write, interval);

  // Loaded after the session it was loaded for ended: nothing of it stays.
  const ready = userId === null ? run(clearDeviceData) : adopt(userId);
  let limit: ReturnType<typeof setTimeout> | undefined;
  const given = new Promise<void>((resolve) => {
    limit = setTimeout(resolve, RESTORE_WAIT_MS);
  });
  return Promise.race([ready.then(() => clearTimeout(limit)), given]);
}
