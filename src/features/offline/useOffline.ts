import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectOnline } from './connectivitySlice';
import { startOfflineSync, type OfflineStore } from './offlineSync';
import { changeDiscarded, changeQueued, changeReplaced, selectQueuedChanges } from './queueSlice';
import type { NewQueuedChange, QueuedChange } from './types';

/** One machinery per store (the tab's; a test's), started by the first signed-in frame or page that needs it. */
let active: { store: OfflineStore; stop: () => void } | null = null;

/** Stops the tab's machinery (tests, between cases). */
export function stopOfflineSync(): void {
  active?.stop();
  active = null;
}

/** Starts the offline machinery for this store (once). */
export function useOfflineSync(): void {
  const store = useStore() as unknown as OfflineStore;
  useEffect(() => {
    if (active?.store === store) return;
    stopOfflineSync();
    active = { store, stop: startOfflineSync(store) };
  }, [store]);
}

/** Online as far as this tab knows (the browser says so and the last request got an answer). */
export function useOnline(): boolean {
  useOfflineSync();
  return useAppSelector(selectOnline);
}

/**
 * A new change's id (its Idempotency-Key): crypto.randomUUID(), which browsers offer only on https and localhost; on a
 * plain-http address (a workshop's LAN) the same version-4 UUID from crypto.getRandomValues.
 */
export function newChangeId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface OfflineQueue {
  online: boolean;
  /** The changes not on the server yet, oldest first. */
  changes: readonly QueuedChange[];
  /** Keeps a change on the device and sends it once online; returns its id. */
  enqueue: (change: NewQueuedChange) => string;
  /** A queued change edited: it takes the old one's place, as a new change (with a new key). */
  replace: (id: string, change: NewQueuedChange) => void;
  /** Drops a queued change the server does not have. */
  discard: (id: string) => void;
}

/** The signed-in user's queue of changes made offline. */
export function useOfflineQueue(): OfflineQueue {
  const dispatch = useAppDispatch();
  const online = useOnline();
  const changes = useAppSelector(selectQueuedChanges);
  const enqueue = useCallback(
    (change: NewQueuedChange) => {
      const id = newChangeId();
      dispatch(changeQueued({ ...change, id, queuedAt: new Date().toISOString(), state: 'waiting' }));
      return id;
    },
    [dispatch],
  );
  const replace = useCallback(
    (id: string, change: NewQueuedChange) =>
      dispatch(changeReplaced({ id, change: { ...change, id: newChangeId(), queuedAt: new Date().toISOString(), state: 'waiting' } })),
    [dispatch],
  );
  const discard = useCallback((id: string) => dispatch(changeDiscarded(id)), [dispatch]);
  return useMemo(() => ({ online, changes, enqueue, replace, discard }), [online, changes, enqueue, replace, discard]);
}
