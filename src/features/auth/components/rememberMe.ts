import { STORAGE_KEYS } from '@/lib/sessionStorageKeys';

/** The remember_me flag (spec §3/§9 name the key; its use is not shown): the string "true" or "false". */
export function readRememberMe(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.rememberMe) === 'true';
  } catch {
    return false;
  }
}

export function writeRememberMe(value: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.rememberMe, value ? 'true' : 'false');
  } catch {
    // Storage unavailable (private mode, quota): the flag is only a preference.
  }
}
