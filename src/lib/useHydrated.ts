import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server (the build's pre-rendered pages, scripts/prerender.ts) and during the
 * hydration of that HTML, true from the render after it — and from the first render of a page the browser renders
 * itself (components/HydrationGate.tsx disables a pre-rendered page's controls until then).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
