import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server (the build's pre-rendered pages, scripts/prerender.ts) and during the
 * hydration of that HTML, true from the render after it — and from the first render of a page the browser renders
 * itself. For controls that only work with the app's code: a pre-rendered form cannot be sent before hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
