import { useSyncExternalStore } from 'react';
import { localStorageOrNull as storage, STORAGE_KEYS } from '@/lib/sessionStorageKeys';

/**
 * "Is someone signed in here?" for the public pages, which must not load the store or auth (the landing budget); the
 * same test the app applies at start. An expired token still counts: the app refreshes it.
 */
export const SESSION_KEYS = { token: STORAGE_KEYS.token, user: STORAGE_KEYS.user } as const;

export function hasStoredSession(): boolean {
  const s = storage();
  const token = s?.getItem(SESSION_KEYS.token);
  const user = s?.getItem(SESSION_KEYS.user);
  if (!token || !user) return false;
  try {
    const value: unknown = JSON.parse(user);
    return typeof value === 'object' && value !== null && typeof (value as { email?: unknown }).email === 'string';
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  // Another tab signing in or out changes localStorage there and fires `storage` here.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** True while this browser holds a session; follows sign-in and sign-out in other tabs. */
export function useStoredSignIn(): boolean {
  return useSyncExternalStore(subscribe, hasStoredSession, () => false);
}
