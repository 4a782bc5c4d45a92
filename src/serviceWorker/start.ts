/**
 * Every page's entry starts the service worker with this, once the page has loaded and the browser is idle. The rest
 * (./register.ts) is a chunk of its own: the entry is in every page's budget, and /login has no bytes to spare.
 */
export function startServiceWorker(): void {
  // jsdom, and browsers without service workers (or not on HTTPS or localhost), do nothing.
  if (!('serviceWorker' in navigator)) return;
  // Safari has no requestIdleCallback: the next task after `load` instead.
  const whenIdle = () => (window.requestIdleCallback || setTimeout)(() => import(/* webpackChunkName: "service-worker" */ './registerNow'));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle);
}
