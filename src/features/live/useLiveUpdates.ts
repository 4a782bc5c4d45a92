import { useEffect, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '@/store/rootReducer';
import { startLiveListener, type LiveListenerOptions, type LiveStatus, type LiveStore } from './liveListener';
import type { LiveTagMap } from './liveTags';

/**
 * One listener per tab, stopped only once no signed-in layout has used it for a moment, so moving between pages keeps
 * one connection. Its status lives here, not in a slice: this code never loads with the public pages' store.
 */
let active: { store: LiveStore; stop: () => void; users: number; idleTimer?: ReturnType<typeof setTimeout> } | null = null;
let status: LiveStatus = 'off';
const watchers = new Set<() => void>();

function publish(next: LiveStatus) {
  status = next;
  for (const watcher of watchers) watcher();
}

/** Options for the next listener started (tests shorten the backoff). */
let listenerOptions: Omit<LiveListenerOptions, 'onStatus' | 'tags'> = {};
export function configureLiveUpdates(options: Omit<LiveListenerOptions, 'onStatus' | 'tags'>): void {
  listenerOptions = options;
}

/** Stops the tab's listener now (tests, between cases). */
export function stopLiveUpdates(): void {
  if (!active) return;
  clearTimeout(active.idleTimer);
  active.stop();
  active = null;
}

function acquire(store: LiveStore, tags: LiveTagMap): () => void {
  // A listener of another store (tests) or one stopped by a sign-out is replaced.
  if (!active || active.store !== store || !store.getState().auth.isAuthenticated) {
    stopLiveUpdates();
    publish('connecting');
    const mine = { store, users: 0, stop: () => undefined as void };
    active = mine;
    mine.stop = startLiveListener(store, {
      ...listenerOptions,
      tags,
      onStatus: (next) => {
        if (active === mine) publish(next);
      },
    });
  }
  const current = active;
  clearTimeout(current.idleTimer);
  current.users += 1;
  return () => {
    current.users -= 1;
    if (current.users > 0) return;
    // The next page's layout usually mounts in the same commit; wait a tick before hanging up.
    current.idleTimer = setTimeout(() => {
      if (active === current && current.users === 0) stopLiveUpdates();
    }, 0);
  };
}

const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};
const snapshot = () => status;

/** Starts (or joins) the tab's live listener while the calling layout is mounted; returns its status. */
export function useLiveUpdates(tags: LiveTagMap): LiveStatus {
  const store = useStore<RootState>() as unknown as LiveStore; // the app's store: its dispatch takes thunks
  useEffect(() => acquire(store, tags), [store, tags]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
