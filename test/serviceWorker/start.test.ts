import type * as startModule from '@/serviceWorker/start';

// src/serviceWorker/start.ts: the worker's registration code is fetched when the page is idle; a phone that lost its
// signal before then registers once it is back online, and the failed fetch is not an uncaught error.

let loads: number;
let failNext: boolean;

beforeEach(() => {
  jest.resetModules();
  jest.useFakeTimers();
  loads = 0;
  failNext = false;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new EventTarget() });
  // What the chunk does when it arrives (registers the worker), counted; offline the chunk's download fails.
  jest.doMock('@/serviceWorker/registerNow', () => {
    if (failNext) {
      failNext = false;
      throw new Error('Loading chunk 2771 failed.');
    }
    loads += 1;
    return {};
  });
});

afterEach(() => {
  jest.useRealTimers();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

async function startOnLoadedPage(): Promise<void> {
  const { startServiceWorker } = (await import('@/serviceWorker/start')) as typeof startModule;
  startServiceWorker(); // jsdom's document has loaded: idle comes next
  await jest.runAllTimersAsync();
}

test('registers the worker once the page is idle', async () => {
  await startOnLoadedPage();
  expect(loads).toBe(1);
});

test('offline when idle: nothing thrown, and the worker registers when the browser is back online — once', async () => {
  failNext = true;
  await startOnLoadedPage();
  expect(loads).toBe(0);
  window.dispatchEvent(new Event('online'));
  await jest.runAllTimersAsync();
  expect(loads).toBe(1);
  window.dispatchEvent(new Event('online'));
  await jest.runAllTimersAsync();
  expect(loads).toBe(1);
});
