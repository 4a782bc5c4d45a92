import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/store/rootReducer';

/**
 * Client state of the connection: what the browser says (navigator.onLine and its online/offline events) and whether
 * the last request got an answer (the API layer reports a request that got none).
 */
export interface ConnectivityState {
  browserOnline: boolean;
  serverReachable: boolean;
}

const initialState: ConnectivityState = {
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
};

const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState,
  reducers: {
    /** The browser's `online` event: worth trying the server again at once. */
    browserWentOnline() {
      return { browserOnline: true, serverReachable: true };
    },
    browserWentOffline(state) {
      state.browserOnline = false;
    },
    /** A request got no answer (offline, the server down or out of reach). */
    serverUnreachable(state) {
      state.serverReachable = false;
    },
    /** After that, a request (or the health probe) got an answer. */
    serverReached(state) {
      state.serverReachable = true;
    },
  },
  selectors: {
    selectOnline: (state) => state.browserOnline && state.serverReachable,
  },
});

export const { browserWentOnline, browserWentOffline, serverUnreachable, serverReached } = connectivitySlice.actions;

declare module '@/store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof connectivitySlice> {}
}
const injected = connectivitySlice.injectInto(rootReducer);

/** Online as far as this tab knows. */
export const selectOnline = injected.selectors.selectOnline;
export default connectivitySlice;
