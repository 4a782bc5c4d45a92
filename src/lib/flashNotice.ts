/**
 * A message for the next page this tab shows, when the page that has it cannot show it itself: the account that was
 * closed is signed out, and its page is gone before the message could be read. Kept in sessionStorage (this tab
 * only) and shown once.
 */
import { useEffect, useState } from 'react';
import { LEFT_NOTICE_KEY as KEY } from './leftNotice';
import { sessionStorageOrNull as storage } from './sessionStorageKeys';

export function leaveNotice(text: string): void {
  try {
    storage()?.setItem(KEY, text);
  } catch {
    // Storage full or blocked: the message is lost, nothing else.
  }
}

/** The message left for this page, taken from storage as the page mounts. */
export function useLeftNotice(): string | null {
  const [notice] = useState(() => storage()?.getItem(KEY) ?? null);
  useEffect(() => {
    if (notice !== null) storage()?.removeItem(KEY);
  }, [notice]);
  return notice;
}
