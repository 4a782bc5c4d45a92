import type { LoaderFunctionArgs } from 'react-router-dom';
import { provideAppStore } from '@/app/appStore';
import { setupStore } from '@/app/store';
import { roleLoader } from '@/app/routes/shared/roleLoader';
import type { RoleView } from '@/app/routes/routeTypes';
import { signedIn } from '../../../utils/renderWithProviders';

const args = {} as LoaderFunctionArgs;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('roleLoader', () => {
  test("the view's code downloads while its reads wait for what the device kept, and the loader waits for both", async () => {
    provideAppStore(setupStore({ auth: signedIn('CUSTOMER') }));
    const device = deferred();
    const page = jest.fn(() => Promise.resolve({ Component: () => null }));
    const view: RoleView = {
      page,
      data: () => Promise.resolve({ loader: () => device.promise.then(() => null) }),
    };
    let done = false;
    const loading = roleLoader({ CUSTOMER: view })(args).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The page's chunks are asked for before the device has answered.
    expect(page).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    device.resolve();
    await loading;
    expect(done).toBe(true);
  });

  test("another role's view is not downloaded", async () => {
    provideAppStore(setupStore({ auth: signedIn('EMPLOYEE') }));
    const page = jest.fn(() => Promise.resolve({ Component: () => null }));
    const view: RoleView = { page };
    await expect(roleLoader({ CUSTOMER: view })(args)).resolves.toBeNull();
    expect(page).not.toHaveBeenCalled();
  });
});
