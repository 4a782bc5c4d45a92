import authSlice, {
  authFailure,
  authStart,
  authSuccess,
  clearError,
  initialAuthState,
  logout,
  restoreAuthState,
  setLoading,
  tokensRefreshed,
  userUpdated,
} from '@/features/auth/authSlice';
import { makeUser } from '../../utils/renderWithProviders';

const reducer = authSlice.reducer;
const user = makeUser('CUSTOMER');

describe('auth transitions (spec §4 "Auth state")', () => {
  test('starts loading, signed out, with no error', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: true,
      error: null,
    });
  });

  test('start: loading on, error cleared', () => {
    const state = reducer({ ...initialAuthState, isLoading: false, error: 'old' }, authStart());
    expect(state).toMatchObject({ isLoading: true, error: null });
  });

  test('success: user, token and refresh token set, authenticated', () => {
    const state = reducer(reducer(initialAuthState, authStart()), authSuccess({ user, token: 't', refreshToken: 'r' }));
    expect(state).toEqual({ user, token: 't', refreshToken: 'r', isAuthenticated: true, isLoading: false, error: null });
  });

  test('failure: everything cleared, error stored', () => {
    const signedIn = reducer(initialAuthState, authSuccess({ user, token: 't', refreshToken: 'r' }));
    expect(reducer(signedIn, authFailure('Email not found'))).toEqual({
      user: null,
      token: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: false,
      error: 'Email not found',
      endedUserId: null,
    });
  });

  test('logout: unauthenticated, not loading', () => {
    const signedIn = reducer(initialAuthState, authSuccess({ user, token: 't', refreshToken: 'r' }));
    expect(reducer(signedIn, logout())).toEqual({ ...initialAuthState, isLoading: false, endedUserId: user.id });
  });

  test('whose session ended is kept through a failed sign-in and forgotten by the next sign-in', () => {
    const signedIn = reducer(initialAuthState, authSuccess({ user, token: 't', refreshToken: 'r' }));
    const ended = reducer(signedIn, logout());
    expect(reducer(ended, logout()).endedUserId).toBe(user.id);
    expect(reducer(ended, authFailure('Invalid password')).endedUserId).toBe(user.id);
    expect(reducer(ended, authSuccess({ user: { ...user, id: 'someone-else' }, token: 't2', refreshToken: 'r2' })).endedUserId).toBeUndefined();
  });

  test('clear error and set loading', () => {
    expect(reducer({ ...initialAuthState, error: 'x' }, clearError()).error).toBeNull();
    expect(reducer(initialAuthState, setLoading(false)).isLoading).toBe(false);
    expect(reducer({ ...initialAuthState, isLoading: false }, setLoading(true)).isLoading).toBe(true);
  });

  test('refreshed tokens and an updated user copy', () => {
    const signedIn = reducer(initialAuthState, authSuccess({ user, token: 't', refreshToken: 'r' }));
    expect(reducer(signedIn, tokensRefreshed({ token: 't2', refreshToken: 'r2' }))).toMatchObject({ token: 't2', refreshToken: 'r2', user });
    const updated = { ...user, phoneNumber: '0771234567' };
    expect(reducer(signedIn, userUpdated(updated)).user).toEqual(updated);
  });
});

describe('app start (spec §4 "App start")', () => {
  test('stored token and user → restored as authenticated', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('refresh_token', 'ref');
    localStorage.setItem('user', JSON.stringify(user));
    expect(restoreAuthState()).toEqual({ user, token: 'tok', refreshToken: 'ref', isAuthenticated: true, isLoading: false, error: null });
  });

  test.each([
    ['no keys at all', {}],
    ['a token without a user', { token: 'tok', refresh_token: 'ref' }],
    ['a user without a token', { user: JSON.stringify(user) }],
  ])('%s → loading ends, unauthenticated', (_name, keys: Record<string, string>) => {
    for (const [k, v] of Object.entries(keys)) localStorage.setItem(k, v);
    expect(restoreAuthState()).toEqual({ ...initialAuthState, isLoading: false });
  });

  test.each([
    ['unparseable JSON', '{"id": 1, "email":'],
    ['JSON that is not a user', '"just a string"'],
    ['a user without an e-mail', '{"id": 1}'],
    ['roles that are not a list of strings', '{"id": 1, "email": "a@b.co", "roles": [{}]}'],
  ])('corrupt stored user (%s) → storage cleared and logged out', (_name, json) => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('refresh_token', 'ref');
    localStorage.setItem('user', json);
    expect(restoreAuthState()).toEqual({ ...initialAuthState, isLoading: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('a stored user gets role and first/last name derived from roles and full name (spec §3)', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify({ id: 7, email: 'e@x.co', fullName: 'Mary Ann Lee', roles: ['EMPLOYEE', 'CUSTOMER'] }));
    expect(restoreAuthState().user).toEqual({
      id: '7',
      email: 'e@x.co',
      fullName: 'Mary Ann Lee',
      roles: ['EMPLOYEE', 'CUSTOMER'],
      role: 'EMPLOYEE',
      firstName: 'Mary',
      lastName: 'Ann Lee',
    });
  });
});
