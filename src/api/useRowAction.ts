import { useCallback, useState } from 'react';
import { messageOf } from './errors';

export interface RowAction {
  /** The row whose action is under way, by key, or null. */
  pending: string | null;
  /** Why the last action failed (a page-level message), or null. */
  error: string | null;
  /** Why each row's last action failed, by row key (a message beside the row). */
  errors: Readonly<Record<string, string>>;
  /** What the last action that went through said, for a status region. */
  announcement: string;
  /** Runs a row's action: its resolved text is announced, its failure kept as the row's (and the page's) error. */
  run: (key: string, action: () => Promise<string>, onSuccess?: () => void) => Promise<void>;
  announce: (text: string) => void;
  /** Shows (or, with null, dismisses) a page-level error that did not come from a row's action. */
  setError: (message: string | null) => void;
  /** Clears the page-level error and the announcement. */
  reset: () => void;
}

/** One hook for the lists whose rows each have an action (approve, mark as read, remove…). */
export function useRowAction(): RowAction {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');

  const run = useCallback(async (key: string, action: () => Promise<string>, onSuccess?: () => void) => {
    setError(null);
    setAnnouncement('');
    setErrors(({ [key]: _cleared, ...rest }) => rest);
    setPending(key);
    try {
      setAnnouncement(await action());
      onSuccess?.();
    } catch (failure) {
      const message = messageOf(failure);
      setError(message);
      setErrors((current) => ({ ...current, [key]: message }));
    } finally {
      setPending(null);
    }
  }, []);

  const reset = useCallback(() => {
    setError(null);
    setAnnouncement('');
  }, []);

  return { pending, error, errors, announcement, run, announce: setAnnouncement, setError, reset };
}
