import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS } from '@/features/auth/tokenStorage';
import { Hero } from '@/app/routes/public/components/Hero';
import { hasStoredSession, SESSION_KEYS } from '@/lib/storedSession';
import { makeUser } from '../../../utils/renderWithProviders';

function renderHero() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Hero />} />
        <Route path="/register" element={<h1>Registration page</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function storeSignIn() {
  localStorage.setItem('token', 'access-token-1');
  localStorage.setItem('refresh_token', 'refresh-token-1');
  localStorage.setItem('user', JSON.stringify(makeUser('CUSTOMER')));
}

describe('Hero', () => {
  it('GET STARTED leads a visitor to registration', async () => {
    const user = userEvent.setup();
    renderHero();
    const getStarted = screen.getByRole('link', { name: 'GET STARTED' });
    expect(getStarted).toHaveAttribute('href', '/register');
    await user.click(getStarted);
    expect(screen.getByRole('heading', { name: 'Registration page' })).toBeInTheDocument();
  });

  it('GET STARTED leads a signed-in user to the dashboard', async () => {
    storeSignIn();
    const user = userEvent.setup();
    renderHero();
    const getStarted = screen.getByRole('link', { name: 'GET STARTED' });
    expect(getStarted).toHaveAttribute('href', '/dashboard');
    await user.click(getStarted);
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('follows a sign-in or sign-out in another tab', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/register');
    storeSignIn();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(screen.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/dashboard');
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByRole('link', { name: 'GET STARTED' })).toHaveAttribute('href', '/register');
  });

  it('LEARN MORE is a button (it moves within the page)', () => {
    renderHero();
    expect(screen.getByRole('button', { name: 'LEARN MORE' })).toHaveAttribute('type', 'button');
  });
});

describe('the stored sign-in the public pages read', () => {
  it('uses the session keys of tokenStorage', () => {
    expect(SESSION_KEYS).toEqual({ token: STORAGE_KEYS.token, user: STORAGE_KEYS.user });
  });

  it('needs a token and a readable user, as the app does at start', () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('token', 'access-token-1');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('user', '{not json');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('user', JSON.stringify('a string'));
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('user', JSON.stringify(makeUser('ADMIN')));
    expect(hasStoredSession()).toBe(true);
    localStorage.removeItem('token');
    expect(hasStoredSession()).toBe(false);
  });
});
