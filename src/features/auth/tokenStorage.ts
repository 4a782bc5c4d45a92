import { localStorageOrNull as storage, STORAGE_KEYS } from '@/lib/sessionStorageKeys';
import { storedTokens } from '@/lib/sessionTokens';
import { pageViewCookie } from './pageViewCookie';
import { parseStoredUser } from './sessionUser';
import type { SessionUser } from './types';

export { STORAGE_KEYS };

export interface StoredSession {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

export type StoredSessionResult = { kind: 'session'; session: StoredSession } | { kind: 'none' } | { kind: 'corrupt' };

export const tokenStorage = {
  getToken: storedTokens.token,
  getRefreshToken: storedTokens.refreshToken,

  /** Spec §4 "App start": token + user → a session; either missing → none; unreadable user → corrupt. */
  read(): StoredSessionResult {
    const s = storage();
    if (!s) return { kind: 'none' };
    const token = s.getItem(STORAGE_KEYS.token);
    const userJson = s.getItem(STORAGE_KEYS.user);
    if (!token || !userJson) return { kind: 'none' };
    try {
      return { kind: 'session', session: { token, refreshToken: s.getItem(STORAGE_KEYS.refreshToken), user: parseStoredUser(userJson) } };
    } catch {
      return { kind: 'corrupt' };
    }
  },

  saveSession({ token, refreshToken, user }: StoredSession): void {
    const s = storage();
    if (!s) return;
    s.setItem(STORAGE_KEYS.token, token);
    if (refreshToken) s.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    else s.removeItem(STORAGE_KEYS.refreshToken);
    s.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    pageViewCookie.save(user);
  },

  saveTokens: storedTokens.save,

  saveUser(user: SessionUser): void {
    storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    pageViewCookie.save(user);
  },

  /** Removes the three session keys and the view cookie (remember_me is left alone: it is a preference, not a credential). */
  clear(): void {
    pageViewCookie.clear();
    const s = storage();
    if (!s) return;
    s.removeItem(STORAGE_KEYS.token);
    s.removeItem(STORAGE_KEYS.refreshToken);
    s.removeItem(STORAGE_KEYS.user);
  },
};
