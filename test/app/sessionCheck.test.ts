import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { registerNavigator } from '@/lib/navigation';
import { setupStore } from '@/app/store';
import { checkStoredSession } from '@/features/auth/authThunks';
import { API } from '../msw/handlers';
import { server } from '../msw/server';
import { signedIn, storeSession } from '../utils/renderWithProviders';

describe('app start with a restored session', () => {
  afterEach(() => registerNavigator(null));

  test('a session revoked elsewhere ends on /login (the profile call is refused and so is the refresh)', async () => {
    const navigate = jest.fn();
    registerNavigator({ navigate, state: { location: { pathname: '/dashboard' } } });
    server.use(
      http.get(`${API}/auth/profile`, () => HttpResponse.json({ message: 'Session has been revoked. Invalid token' }, { status: 401 })),
      http.post(`${API}/auth/refresh-token`, () => HttpResponse.json({ message: 'Invalid or expired refresh token' }, { status: 401 })),
    );
    storeSession(signedIn('CUSTOMER'));
    const store = setupStore();
    expect(store.getState().auth.isAuthenticated).toBe(true);

    await store.dispatch(checkStoredSession());

    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  test('profile changes made elsewhere reach the local user copy', async () => {
    const auth = signedIn('CUSTOMER', { id: 'u-1' });
    storeSession(auth);
    server.use(
      http.get(`${API}/auth/profile`, () =>
        HttpResponse.json({ id: 'u-1', email: auth.user?.email, fullName: 'Alex Morgan-Lee', phoneNumber: '0771234567', address: '', roles: ['CUSTOMER'] }),
      ),
    );
    const store = setupStore();
    await store.dispatch(checkStoredSession());
    await waitFor(() => expect(store.getState().auth.user).toMatchObject({ fullName: 'Alex Morgan-Lee', lastName: 'Morgan-Lee', phoneNumber: '0771234567' }));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fullName: 'Alex Morgan-Lee' });
  });

  test('offline: the restored session is kept', async () => {
    server.use(http.get(`${API}/auth/profile`, () => HttpResponse.error()));
    storeSession(signedIn('EMPLOYEE'));
    const store = setupStore();
    await store.dispatch(checkStoredSession());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: { role: 'EMPLOYEE' } });
  });

  test('signed out: no call at all', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/auth/profile`, () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const store = setupStore();
    await store.dispatch(checkStoredSession());
    expect(calls).toBe(0);
  });
});
