import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';
import type { QueuedChange } from './types';

/**
 * Client state: the changes made on this device that the server does not have yet, in the order they were made (the
 * order they are sent in). Mirrored to IndexedDB per user (offlineSync.ts), so a reload keeps them.
 */
export interface OfflineQueueState {
  /** Whose queue this is (the signed-in user's id), or null before it was read from the device. */
  userId: string | null;
  /** True once the device's copy has been read for `userId`: only then is it written back. */
  loaded: boolean;
  entries: QueuedChange[];
}

const initialState: OfflineQueueState = { userId: null, loaded: false, entries: [] };

function indexOf(state: OfflineQueueState, id: string): number {
  return state.entries.findIndex((entry) => entry.id === id);
}

const offlineQueueSlice = createSlice({
  name: 'offlineQueue',
  initialState,
  reducers: {
    /**
     * The device's copy for `userId`. A change queued before it was read (same user) is kept after the stored ones;
     * an entry caught on its way by a reload is to be sent again (with the same key, so at most once).
     */
    queueLoaded(state, action: PayloadAction<{ userId: string; entries: QueuedChange[] }>) {
      const { userId, entries } = action.payload;
      const stored = entries.map((entry): QueuedChange => (entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry));
      const storedIds = new Set(stored.map((entry) => entry.id));
      const early = state.userId === null || state.userId === userId ? state.entries.filter((entry) => !storedIds.has(entry.id)) : [];
      return { userId, loaded: true, entries: [...stored, ...early] };
    },
    changeQueued(state, action: PayloadAction<QueuedChange>) {
      state.entries.push(action.payload);
    },
    /** A queued change edited (a refused one fixed): it takes the old one's place, with its own new id. */
    changeReplaced(state, action: PayloadAction<{ id: string; change: QueuedChange }>) {
      const index = indexOf(state, action.payload.id);
      if (index >= 0 && state.entries[index].state !== 'sending') state.entries[index] = action.payload.change;
    },
    /** The person chose to drop it (it never reached the server). */
    changeDiscarded(state, action: PayloadAction<string>) {
      const index = indexOf(state, action.payload);
      if (index >= 0 && state.entries[index].state !== 'sending') state.entries.splice(index, 1);
    },
    changeSending(state, action: PayloadAction<string>) {
      const index = indexOf(state, action.payload);
      if (index >= 0) state.entries[index].state = 'sending';
    },
    /** No answer (or a passing server error): sent again later, with the same key. */
    changeDeferred(state, action: PayloadAction<string>) {
      const index = indexOf(state, action.payload);
      if (index >= 0) state.entries[index].state = 'waiting';
    },
    changeRefused(state, action: PayloadAction<{ id: string; message: string }>) {
      const index = indexOf(state, action.payload.id);
      if (index >= 0) Object.assign(state.entries[index], { state: 'refused', refusal: action.payload.message });
    },
    changeSent(state, action: PayloadAction<string>) {
      const index = indexOf(state, action.payload);
      if (index >= 0) state.entries.splice(index, 1);
    },
  },
  extraReducers: (builder) => {
    // The device's copy was written as each change was made; the next person starts with none in memory.
    builder.addCase(logout, () => initialState);
  },
  selectors: {
    selectQueue: (state) => state,
    selectQueuedChanges: (state) => state.entries,
  },
});

declare module '@/store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof offlineQueueSlice> {}
}
const injected = offlineQueueSlice.injectInto(rootReducer);

export const { queueLoaded, changeQueued, changeReplaced, changeDiscarded, changeSending, changeDeferred, changeRefused, changeSent } =
  injected.actions;
export const { selectQueue, selectQueuedChanges } = injected.selectors;
export default offlineQueueSlice;
