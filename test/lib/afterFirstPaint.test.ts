import type * as afterFirstPaintModule from '@/lib/afterFirstPaint';

type Module = typeof afterFirstPaintModule;

function fresh(): Module {
  let loaded: Module | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<Module>('@/lib/afterFirstPaint');
  });
  if (!loaded) throw new Error('not loaded');
  return loaded;
}

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('settles in the task after the next animation frame, and stays settled for later callers', async () => {
  const { afterFirstPaint } = fresh();
  let frame: FrameRequestCallback | undefined;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frame = callback;
    return 1;
  });
  const first = afterFirstPaint();
  expect(await settled(first)).toBe(false);
  frame?.(performance.now());
  expect(await settled(first)).toBe(false); // the frame is being drawn: not on screen yet
  jest.advanceTimersByTime(0);
  expect(await settled(first)).toBe(true);
  expect(afterFirstPaint()).toBe(first);
  expect(window.requestAnimationFrame).toHaveBeenCalledTimes(1);
});

test('a page that paints no frame (a background tab) waits a second at most', async () => {
  const { afterFirstPaint } = fresh();
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
  const waiting = afterFirstPaint();
  jest.advanceTimersByTime(999);
  expect(await settled(waiting)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(waiting)).toBe(true);
});
