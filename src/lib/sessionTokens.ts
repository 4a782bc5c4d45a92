import { localStorageOrNull, STORAGE_KEYS } from './sessionStorageKeys';

// The tokens alone, for the API layer, which knows no feature (the stored user is the auth feature's).
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
