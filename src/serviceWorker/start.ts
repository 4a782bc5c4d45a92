/**
 * Every page's entry starts the service worker with this, once the page has loaded and the browser is idle. The rest
 * (./register.ts) is a chunk of its own: the entry is in every page's budget, and /login has no bytes to spare.
 */
export function startServiceWorker(): void {
  // jsdom, and browsers without service workers (or not on HTTPS or localhost), do nothing.
  if (!('serviceWorker' in navigator)) return;
  // Its code is fetched then. Without a connection (a bay without signal, before the worker keeps the code) that
  // fails: tried again once the browser is back online, instead of an uncaught "Loading chunk failed".
  const register = (): void => {
    import(/* webpackChunkName: "service-worker" */ './registerNow').catch(() => addEventListener('online', register, { once: true }));
  };
  // Safari has no requestIdleCallback: the next task after `load` instead.
  const whenIdle = () => (window.requestIdleCallback || setTimeout)(register);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle);
}
