/**
 * Starts the app's scripts (`data-scripts`) once the pre-rendered page is on screen: started from the HTML they would
 * share a phone's slow connection with the stylesheets and delay the first paint.
 */
const scripts = document.currentScript?.dataset.scripts?.split(' ') ?? [];
let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as each arrives unless told to keep their order (the entry's main file must run last).
    script.async = false;
    document.head.append(script);
  }
}

/**
 * Once the painted page is on screen (its first contentful paint is recorded only then). A busy phone can paint
 * seconds after `load`, so the timer is only a last resort for a browser that records no paint at all.
 */
function whenPainted(): void {
  // A tab opened in the background paints nothing until it is shown, and a browser may not report paints.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    start();
    return;
  }
  // `buffered`: a paint recorded before `load` is delivered too.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Sent to the background before painting: it would paint nothing until shown again.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 10_000);
}

window.addEventListener('load', whenPainted, { once: true });
