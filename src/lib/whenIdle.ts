/** How long a task waits for an idle moment at most, and where the browser has no requestIdleCallback (Safari). */
const IDLE_TIMEOUT_MS = 3000;
const FALLBACK_DELAY_MS = 1000;

/** Runs `task` when the browser is idle; returns a function that cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, FALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/**
 * Starts each load in an idle moment of its own, one after the other (each module's code runs when it arrives: one at
 * a time keeps those runs short), and only while the browser is online: offline, the next waits for the connection. A
 * failed load is skipped: whoever needs it later loads it again. Returns a cancel.
 */
export function loadWhenIdle(loads: readonly (() => Promise<unknown>)[]): () => void {
  let cancelled = false;
  let cancel = () => {};
  const next = (index: number) => {
    if (cancelled || index >= loads.length) return;
    if (!navigator.onLine) {
      const resume = () => next(index);
      window.addEventListener('online', resume, { once: true });
      cancel = () => window.removeEventListener('online', resume);
      return;
    }
    cancel = whenIdle(() => {
      void loads[index]()
        .catch(() => undefined)
        .then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    cancelled = true;
    cancel();
  };
}
