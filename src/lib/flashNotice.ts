import { useEffect, useState } from 'react';
import { useHydrated } from './useHydrated';

/**
 * A message for the next page this tab shows, when the page that has it cannot show it itself: the account that was
 * closed is signed out, and its page is gone before the message could be read. Kept in sessionStorage (this tab
 * only) and shown once.
 */
const KEY = 'carcare_notice';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function leaveNotice(text: string): void {
  try {
    storage()?.setItem(KEY, text);
  } catch {
    // Storage full or blocked: the message is lost, nothing else.
  }
}

function peekNotice(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/**
 * The message left for this page, taken from storage as the page mounts. A pre-rendered page shows it once hydrated
 * (its HTML has none).
 */
export function useLeftNotice(): string | null {
  const hydrated = useHydrated();
  const [notice] = useState(peekNotice);
  useEffect(() => {
    if (notice !== null) storage()?.removeItem(KEY);
  }, [notice]);
  return hydrated ? notice : null;
}
