/**
 * The view cookie (@contract/pageViews) that tells the static site which dashboard frame to send: written with the
 * session, removed with it, so a shared computer's next visitor gets no trace of whose dashboard was open.
 */
import { authSuccess, logout, userUpdated } from '@/features/auth';
import { setupStore } from '@/app/store';
import { makeUser } from '../../utils/renderWithProviders';

const view = () => document.cookie.split('; ').find((part) => part.startsWith('carcare_view='))?.slice('carcare_view='.length);

afterEach(() => {
  document.cookie = 'carcare_view=; Max-Age=0; Path=/';
  localStorage.clear();
});

it("is written at sign-in with the user's dashboard and removed at logout", () => {
  const store = setupStore();
  store.dispatch(authSuccess({ user: makeUser('CUSTOMER'), token: 't', refreshToken: 'r' }));
  expect(view()).toBe('customer');
  store.dispatch(logout());
  expect(view()).toBeUndefined();
});

it('names the admin board for an admin, and a different user signing in replaces it', () => {
  const store = setupStore();
  store.dispatch(authSuccess({ user: makeUser('ADMIN'), token: 't', refreshToken: 'r' }));
  expect(view()).toBe('admin');
  store.dispatch(authSuccess({ user: makeUser('CUSTOMER', { id: 'someone-else' }), token: 't2', refreshToken: 'r2' }));
  expect(view()).toBe('customer');
});

it('names no frame for a technician awaiting approval, and the dashboard once approved', () => {
  const store = setupStore();
  const technician = makeUser('EMPLOYEE', { approvalStatus: 'PENDING' });
  store.dispatch(authSuccess({ user: technician, token: 't', refreshToken: 'r' }));
  expect(view()).toBeUndefined();
  store.dispatch(userUpdated({ ...technician, approvalStatus: 'APPROVED' }));
  expect(view()).toBe('technician');
});
