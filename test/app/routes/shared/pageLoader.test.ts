import { provideAppStore } from '@/app/appStore';
import { setupStore } from '@/app/store';
import { pageLoader } from '@/app/routes/shared/pageLoader';
import { markKeptFor } from '@/lib/keptMark';
import { makeUser, signedIn, signedOut } from '../../../utils/renderWithProviders';

// The device's restore, held for as long as a test wants: what waits for it and what does not.
let releaseDevice!: () => void;
let deviceRestored: Promise<void>;
beforeEach(() => {
  mockKeptOnDevice.mockClear();
  deviceRestored = new Promise<void>((resolve) => {
    releaseDevice = resolve;
  });
});
const mockKeptOnDevice = jest.fn(() => deviceRestored);
jest.mock('@/app/deviceData', () => ({ keptOnDevice: () => mockKeptOnDevice() }));

function signedInStore() {
  const store = setupStore({ auth: signedIn('CUSTOMER') });
  provideAppStore(store);
  return store;
}

describe('pageLoader', () => {
  test("the route's loader starts the reads once what the device kept is back", async () => {
    signedInStore();
    // The device holds this user's answers (app/deviceData.ts says so once it has written them).
    markKeptFor(makeUser('CUSTOMER').id);
    const start = jest.fn();
    const loader = pageLoader('CUSTOMER', start);
    const loading = loader();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(start).not.toHaveBeenCalled();
    releaseDevice();
    await expect(loading).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).toHaveBeenCalledTimes(1);
  });

  test('with nothing of this user on the device (a first visit), the reads start at once and the device is not opened', async () => {
    signedInStore();
    // Another user's answers were kept here: they are not this user's to wait for (the header's keeper deletes them).
    markKeptFor('u-someone-else');
    const start = jest.fn();

    await expect(pageLoader('CUSTOMER', start)()).resolves.toBeNull();

    expect(start).toHaveBeenCalledTimes(1);
    expect(mockKeptOnDevice).not.toHaveBeenCalled();
  });

  test('startReads (sign-in: nothing is kept yet) starts them without waiting for the device', async () => {
    signedInStore();
    const start = jest.fn();
    pageLoader('CUSTOMER', start).startReads(makeUser('CUSTOMER'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).toHaveBeenCalledTimes(1);
  });

  test('startReads with the answer’s user, before the store has it: at once, as that user', () => {
    const store = setupStore({ auth: signedOut });
    provideAppStore(store);
    const technician = makeUser('EMPLOYEE');
    const start = jest.fn();
    pageLoader('EMPLOYEE', start).startReads(technician);
    // In the same task, with the state the page would read once signed in.
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0][1].auth.user).toBe(technician);
    expect(store.getState().auth.user).toBeNull();
  });

  test('neither starts the reads of another role’s page', async () => {
    signedInStore();
    const start = jest.fn();
    const loader = pageLoader('ADMIN', start);
    loader.startReads(makeUser('CUSTOMER'));
    const loading = loader();
    releaseDevice();
    await loading;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).not.toHaveBeenCalled();
  });

  // Last: the sign-in it makes holds for the rest of the page's life (as in the app, where a page is a session's).
  test("after a sign-in on this page, the route's loader does not hold the navigation for the device", async () => {
    signedInStore();
    const start = jest.fn();
    const loader = pageLoader('CUSTOMER', start);
    loader.startReads(makeUser('CUSTOMER'));
    await expect(loader()).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Its own reads again: RTK Query makes each request once (a read under way is joined).
    expect(start).toHaveBeenCalledTimes(2);
    releaseDevice();
  });
});
