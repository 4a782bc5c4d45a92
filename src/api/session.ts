import { createAction } from '@reduxjs/toolkit';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

// The two session changes the API layer itself makes (a refresh; a session that cannot go on). They are declared
// here so the layer needs no feature; the auth slice reduces them.
export const tokensRefreshed = createAction<TokenPair>('auth/tokensRefreshed');
export const logout = createAction('auth/logout');

/** What the API layer reads of the store: the auth slice's tokens (typed here, so the layer imports no store type). */
export interface SessionTokensState {
  auth: { token: string | null; refreshToken: string | null };
}
