import { act } from '@testing-library/react';
import { startStorageSync } from '@/app/listeners';
import { setupStore } from '@/app/store';
import { authFailure, authSuccess, logout, tokensRefreshed, userUpdated } from '@/features/auth/authSlice';
import { makeUser, signedIn, signedOut, storeSession } from '../utils/renderWithProviders';

const user = makeUser('CUSTOMER');

function keys() {
  return { token: localStorage.getItem('token'), refresh_token: localStorage.getItem('refresh_token'), user: localStorage.getItem('user') };
}

describe('storage keys follow the auth slice', () => {
  test('sign-in writes token, refresh_token and user; refresh and profile updates rewrite them; logout removes them', () => {
    const store = setupStore({ auth: signedOut });
    store.dispatch(authSuccess({ user, token: 't1', refreshToken: 'r1' }));
    expect(keys()).toEqual({ token: 't1', refresh_token: 'r1', user: JSON.stringify(user) });

    store.dispatch(tokensRefreshed({ token: 't2', refreshToken: 'r2' }));
    expect(keys()).toMatchObject({ token: 't2', refresh_token: 'r2' });

    const updated = { ...user, phoneNumber: '0771234567' };
    store.dispatch(userUpdated(updated));
    expect(JSON.parse(keys().user ?? 'null')).toEqual(updated);

    store.dispatch(logout());
    expect(keys()).toEqual({ token: null, refresh_token: null, user: null });
  });

  test('a failed sign-in leaves no keys behind', () => {
    storeSession(signedIn('CUSTOMER'));
    const store = setupStore();
    store.dispatch(authFailure('Password is incorrect'));
    expect(keys()).toEqual({ token: null, refresh_token: null, user: null });
  });
});

describe('another tab', () => {
  function storageEvent(key: string | null, newValue: string | null) {
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    });
  }

  test('removing the token logs this tab out', () => {
    const auth = signedIn('CUSTOMER');
    storeSession(auth);
    const store = setupStore();
    const stop = startStorageSync(store);
    expect(store.getState().auth.isAuthenticated).toBe(true);

    localStorage.removeItem('token'); // what the other tab's logout did to the shared storage
    storageEvent('token', null);

    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, token: null });
    stop();
  });

  test('clearing all storage logs this tab out', () => {
    storeSession(signedIn('EMPLOYEE'));
    const store = setupStore();
    const stop = startStorageSync(store);
    localStorage.clear();
    storageEvent(null, null);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    stop();
  });

  test('a token refreshed by another tab is adopted', () => {
    storeSession(signedIn('CUSTOMER'));
    const store = setupStore();
    const stop = startStorageSync(store);
    localStorage.setItem('token', 'from-other-tab');
    localStorage.setItem('refresh_token', 'refresh-from-other-tab');
    storageEvent('token', 'from-other-tab');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'from-other-tab', refreshToken: 'refresh-from-other-tab' });
    stop();
  });

  test('a sign-in in another tab signs this tab in too', () => {
    const store = setupStore({ auth: signedOut });
    const stop = startStorageSync(store);
    storeSession(signedIn('EMPLOYEE'));
    storageEvent('token', 'access-token-1');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: { role: 'EMPLOYEE' } });
    stop();
  });

  test('unrelated keys are ignored', () => {
    storeSession(signedIn('CUSTOMER'));
    const store = setupStore();
    const stop = startStorageSync(store);
    storageEvent('remember_me', 'true');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    stop();
  });
});
