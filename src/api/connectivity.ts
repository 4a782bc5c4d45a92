import { createAction } from '@reduxjs/toolkit';

// What the API layer itself learns about the connection: a request that got no answer (offline, the server down or
// out of reach) and, after that, one that got an answer. Declared here so the layer needs no feature; the offline
// domain reduces them (only once its code is loaded: before that nobody reads them, so none is dispatched).
export const serverUnreachable = createAction('connectivity/serverUnreachable');
export const serverReached = createAction('connectivity/serverReached');

/** What the API layer reads of the connectivity state: absent until the offline domain's slice is in the store. */
export interface ConnectivityView {
  connectivity?: { browserOnline: boolean; serverReachable: boolean };
}

/** Online as far as this tab knows; true while nothing says otherwise (the offline domain not loaded yet). */
export function isOnline(state: unknown): boolean {
  const connectivity = (state as ConnectivityView).connectivity;
  return !connectivity || (connectivity.browserOnline && connectivity.serverReachable);
}
