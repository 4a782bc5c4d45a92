import { loadWhenIdle } from '@/lib/whenIdle';

// The idle-time prefetch (the sign-in page loads the dashboards' code while the visitor types).
describe('loadWhenIdle', () => {
  let online: boolean;
  beforeEach(() => {
    jest.useFakeTimers();
    online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Lets the idle moments come and the loads' promises settle. */
  const idle = async () => {
    for (let i = 0; i < 5; i += 1) await jest.runAllTimersAsync();
  };

  it('starts the loads one after the other, past a failed one', async () => {
    const order: string[] = [];
    const load = (name: string, fails = false) => () => {
      order.push(name);
      return fails ? Promise.reject(new Error('offline')) : Promise.resolve();
    };
    loadWhenIdle([load('a'), load('b', true), load('c')]);
    expect(order).toEqual([]);
    await idle();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('offline, asks the network for nothing until the connection is back', async () => {
    online = false;
    const load = jest.fn(() => Promise.resolve());
    loadWhenIdle([load, load]);
    await idle();
    expect(load).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await idle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('cancelled while waiting for the connection, loads nothing', async () => {
    online = false;
    const load = jest.fn(() => Promise.resolve());
    const cancel = loadWhenIdle([load]);
    cancel();
    online = true;
    window.dispatchEvent(new Event('online'));
    await idle();
    expect(load).not.toHaveBeenCalled();
  });
});
