import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as browserModule from '@/lib/browser';
import type * as registerModule from '@/serviceWorker/register';
import { VIEW_CODE_DELAY_MS } from '@/serviceWorker/register';

// The page's side of updates (src/serviceWorker/register.ts and updatePrompt.ts) against a minimal stand-in for the
// browser's service worker objects: what a user sees, and what the page tells the waiting worker.

class FakeWorker extends EventTarget {
  postMessage = jest.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  /** The browser moves the worker on and tells the page. */
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = jest.fn(() => Promise.resolve());
}

let container: EventTarget & { controller: FakeWorker | null };
let visibility: DocumentVisibilityState;
let reload: jest.SpyInstance;

beforeEach(() => {
  // The prompt is shown once per page: each test starts with a fresh page's modules.
  jest.resetModules();
  container = Object.assign(new EventTarget(), { controller: null as FakeWorker | null });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the copy the fresh page's modules will use
  const browser = require('@/lib/browser') as typeof browserModule;
  reload = jest.spyOn(browser, 'reloadPage').mockImplementation(() => undefined);
});

afterEach(() => {
  reload.mockRestore();
  document.body.replaceChildren();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** The page's modules as a new page load gets them (the prompt is shown once per page). */
function freshWatch(registration: FakeRegistration): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy per test, after jest.resetModules()
  const fresh = require('@/serviceWorker/register') as typeof registerModule;
  fresh.watchForUpdates(registration as unknown as ServiceWorkerRegistration);
}

/** The polite region, added empty, then filled (so screen readers announce it). */
const promptShown = () => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^A new version is available$/));

/** The prompt fills its polite region 100 ms after it appears: longer than that, and none came. */
const noPromptAppears = async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
};

it('offers a build that is already waiting; Reload hands over to it and reloads once it is in charge', async () => {
  const user = userEvent.setup();
  const registration = new FakeRegistration();
  container.controller = registration.active = new FakeWorker('activated');
  const waiting = (registration.waiting = new FakeWorker('installed'));
  freshWatch(registration);

  await promptShown();
  await user.click(screen.getByRole('button', { name: 'Reload' }));
  expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  expect(reload).not.toHaveBeenCalled();

  container.controller = waiting;
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});

it('says nothing when the first worker installs, and offers the next build that installs while the page is open', async () => {
  const registration = new FakeRegistration();
  freshWatch(registration);

  // The first visit: its worker installs, takes over the page, and is no update.
  const first = (registration.installing = new FakeWorker('installing'));
  registration.dispatchEvent(new Event('updatefound'));
  registration.waiting = first;
  first.becomes('installed');
  registration.waiting = null;
  registration.active = container.controller = first;
  first.becomes('activated');
  container.dispatchEvent(new Event('controllerchange'));
  await noPromptAppears();

  const next = (registration.installing = new FakeWorker('installing'));
  registration.dispatchEvent(new Event('updatefound'));
  registration.installing = null;
  registration.waiting = next;
  next.becomes('installed');
  await promptShown();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
});

it('when another tab’s Reload put a new build in charge, offers Reload, which reloads at once', async () => {
  const user = userEvent.setup();
  const registration = new FakeRegistration();
  const old = (container.controller = registration.active = new FakeWorker('activated'));
  freshWatch(registration);

  old.becomes('redundant');
  registration.active = container.controller = new FakeWorker('activated');
  container.dispatchEvent(new Event('controllerchange'));

  await promptShown();
  await user.click(screen.getByRole('button', { name: 'Reload' }));
  expect(reload).toHaveBeenCalledTimes(1);
  expect(old.postMessage).not.toHaveBeenCalled();
});

it('looks for a new build when the page opens and whenever the tab is shown again', () => {
  const registration = new FakeRegistration();
  container.controller = registration.active = new FakeWorker('activated');
  freshWatch(registration);
  expect(registration.update).toHaveBeenCalledTimes(1);

  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  expect(registration.update).toHaveBeenCalledTimes(1);

  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  expect(registration.update).toHaveBeenCalledTimes(2);
});

describe('shareView: the signed-in view whose code the worker keeps', () => {
  let cookieStore: EventTarget;
  beforeEach(() => {
    cookieStore = new EventTarget();
    Object.defineProperty(window, 'cookieStore', { configurable: true, value: cookieStore });
  });
  afterEach(() => {
    delete (window as { cookieStore?: unknown }).cookieStore;
    document.cookie = 'carcare_view=; Max-Age=0; Path=/';
  });

  /** The browser's cookie change event, for the cookies named. */
  const cookieChange = (changed: string[], deleted: string[] = []) =>
    Object.assign(new Event('change'), { changed: changed.map((name) => ({ name })), deleted: deleted.map((name) => ({ name })) });

  /** A fresh page's shareView on a registration whose active worker is ready; returns that worker. */
  function freshShare(): FakeWorker {
    const registration = new FakeRegistration();
    const active = (registration.active = new FakeWorker('activated'));
    Object.assign(container, { ready: Promise.resolve(registration) });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy per test, after jest.resetModules()
    const fresh = require('@/serviceWorker/register') as typeof registerModule;
    fresh.shareView(registration as unknown as ServiceWorkerRegistration);
    return active;
  }

  it('tells the active worker the view once it is ready, and again when the view cookie changes — not for other cookies', async () => {
    document.cookie = 'carcare_view=technician; Path=/';
    const active = freshShare();
    await waitFor(() => expect(active.postMessage).toHaveBeenCalledWith({ type: 'VIEW_CHANGED', view: 'technician' }));

    cookieStore.dispatchEvent(cookieChange(['carcare_refresh_hint']));
    expect(active.postMessage).toHaveBeenCalledTimes(1);

    // Signed out: the cookie goes, and with it the view's code.
    document.cookie = 'carcare_view=; Max-Age=0; Path=/';
    cookieStore.dispatchEvent(cookieChange([], ['carcare_view']));
    expect(active.postMessage).toHaveBeenLastCalledWith({ type: 'VIEW_CHANGED', view: null });

    // Someone else signs in on this page: told once their dashboard has settled (its reads first, on a slow link).
    jest.useFakeTimers();
    try {
      document.cookie = 'carcare_view=admin; Path=/';
      cookieStore.dispatchEvent(cookieChange(['carcare_view']));
      jest.advanceTimersByTime(VIEW_CODE_DELAY_MS - 1);
      expect(active.postMessage).toHaveBeenCalledTimes(2);
      jest.advanceTimersByTime(1);
      jest.runOnlyPendingTimers(); // the idle moment (jsdom has no requestIdleCallback: a timer)
      expect(active.postMessage).toHaveBeenLastCalledWith({ type: 'VIEW_CHANGED', view: 'admin' });
      expect(active.postMessage).toHaveBeenCalledTimes(3);

      // Signing out before then: nothing is downloaded for a view no longer signed in.
      document.cookie = 'carcare_view=customer; Path=/';
      cookieStore.dispatchEvent(cookieChange(['carcare_view']));
      document.cookie = 'carcare_view=; Max-Age=0; Path=/';
      cookieStore.dispatchEvent(cookieChange([], ['carcare_view']));
      jest.runAllTimers();
      expect(active.postMessage.mock.calls.slice(3)).toEqual([[{ type: 'VIEW_CHANGED', view: null }]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('names no view for a value that is not one (the cookie is not trusted to name a file)', async () => {
    document.cookie = 'carcare_view=../../admin; Path=/';
    const active = freshShare();
    await waitFor(() => expect(active.postMessage).toHaveBeenCalledWith({ type: 'VIEW_CHANGED', view: null }));
  });
});
