import { type FormEvent, useCallback, useRef } from 'react';

/**
 * One submission at a time: while `submit` runs, further submit events (a second Enter, a double click that
 * beats the disabled state) are ignored. Use as `onSubmit={(e) => void once(e, handleSubmit(onValid))}`.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback(async (event: FormEvent<HTMLFormElement>, submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) => {
    if (busy.current) {
      event.preventDefault();
      return;
    }
    busy.current = true;
    try {
      await submit(event);
    } finally {
      busy.current = false;
    }
  }, []);
}
