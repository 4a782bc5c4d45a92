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

/** sessionStorage (this tab only), or null as localStorageOrNull. */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
