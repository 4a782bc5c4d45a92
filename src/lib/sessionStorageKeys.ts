/** Where the session lives in the browser (spec §3, §9): the localStorage keys. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  user: 'user',
  rememberMe: 'remember_me',
} as const;

/** localStorage, or null where there is none or it is blocked (private modes, sandboxed frames). */
export function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

// The tokens alone, for the API layer and the public pages, which load no feature (the user is the auth feature's).
export const storedTokens = {
  token: (): string | null => localStorageOrNull()?.getItem(STORAGE_KEYS.token) ?? null,
  refreshToken: (): string | null => localStorageOrNull()?.getItem(STORAGE_KEYS.refreshToken) ?? null,
  save(token: string, refreshToken: string | null): void {
    const s = localStorageOrNull();
    if (!s) return;
    s.setItem(STORAGE_KEYS.token, token);
    if (refreshToken) s.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
};
