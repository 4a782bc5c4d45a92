import { rememberedOrigin, safeRedirectPath } from '@/lib/safeRedirect';

describe('only same-origin paths are redirected to', () => {
  test.each(['/dashboard', '/dashboard/appointments?x=1#top', '/reports'])('%s is kept', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  test.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example',
    'http://evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/\tevil',
    '/%0a/evil',
  ])('%j falls back to /dashboard', (path) => {
    const result = safeRedirectPath(path);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    if (!path.startsWith('/%0a')) expect(result).toBe('/dashboard');
  });

  test('non-strings fall back', () => {
    expect(safeRedirectPath(undefined)).toBe('/dashboard');
    expect(safeRedirectPath({ pathname: '/x' }, '/home')).toBe('/home');
  });

  test('reads the location a guard remembered', () => {
    expect(rememberedOrigin({ from: { pathname: '/dashboard/appointments', search: '?a=1', hash: '' } })).toBe('/dashboard/appointments?a=1');
    expect(rememberedOrigin({ from: '/reports' })).toBe('/reports');
    expect(rememberedOrigin({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe('/dashboard');
    expect(rememberedOrigin({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(rememberedOrigin(null)).toBe('/dashboard');
    expect(rememberedOrigin({})).toBe('/dashboard');
  });

  test('a page remembered for a session that ended belongs to that person only', () => {
    const state = { from: { pathname: '/dashboard/appointments', search: '', hash: '' }, forUser: 'u-1' };
    expect(rememberedOrigin(state, '/dashboard', 'u-1')).toBe('/dashboard/appointments');
    expect(rememberedOrigin(state, '/dashboard', 'u-2')).toBe('/dashboard');
    // A visitor sent to /login who never signed in here: the page is theirs.
    expect(rememberedOrigin({ from: '/reports' }, '/dashboard', 'u-2')).toBe('/reports');
  });
});
