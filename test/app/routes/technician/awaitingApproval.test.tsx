import { act, screen, waitFor, within } from '@testing-library/react';
import type { ApprovalStatus } from '@contract/auth';
import { server } from '../../../msw/server';
import { profileOf, serveProfile } from '../../../features/account/accountTestUtils';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';

const FIRST_LOAD = { timeout: 5000 };

/** The technician's profile as the server answers it, with this approval. */
function serveTechnicianProfile(approvalStatus: ApprovalStatus, options?: { until?: Promise<void> }, onAnswer?: () => void) {
  serveProfile(() => {
    onAnswer?.();
    return profileOf('EMPLOYEE', { approvalStatus });
  }, options);
}

/** Every API path the page asked for. */
function recordPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname.replace(/^\/api/, ''));
  });
  return paths;
}

afterEach(() => server.events.removeAllListeners());

describe('a technician awaiting approval', () => {
  test('sees that their account awaits approval, and no job or time-log request is made', async () => {
    serveTechnicianProfile('PENDING');
    const { requests } = technicianShop({ jobs: [technicianJob({ customerName: 'Should Not Show' })] });
    const paths = recordPaths();
    renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { fullName: 'Sam Fernando', firstName: 'Sam' }) } });

    const status = await screen.findByRole('status', { name: 'Your account is awaiting approval' }, FIRST_LOAD);
    expect(within(status).getByRole('heading', { level: 2, name: 'Your account is awaiting approval' })).toBeInTheDocument();
    expect(status).toHaveTextContent('An administrator will approve your technician account. You will see your jobs here once approved.');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Sam' })).toBeInTheDocument();
    expect(screen.queryByText('Should Not Show')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Assigned services list' })).not.toBeInTheDocument();

    // Give any stray request time to start, then check none went to the technician's job endpoints (the header's
    // widgets, loaded after the first paint, answer meanwhile).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(paths).toContain('/auth/profile');
    expect(paths.filter((path) => path.startsWith('/appointments') || path.startsWith('/time-logs'))).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe('an approved technician', () => {
  test('sees the normal dashboard with their jobs', async () => {
    serveTechnicianProfile('APPROVED');
    technicianShop({ jobs: [technicianJob({ customerName: 'Approved Job Customer' })] });
    renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { fullName: 'Sam Fernando', firstName: 'Sam' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Approved Job Customer' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('Your account is awaiting approval')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Monthly Work Summary')).toBeInTheDocument());
  });
});

describe('a technician the sign-in said was approved', () => {
  test('their jobs are asked for with the profile, not after it, and show before the profile answers', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    serveTechnicianProfile('APPROVED', { until: held }, () => order.push('profile answered'));
    technicianShop({ jobs: [technicianJob({ customerName: 'Known Approved Customer' })] });
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/appointments') order.push('jobs asked');
    });
    renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { fullName: 'Sam Fernando', firstName: 'Sam', approvalStatus: 'APPROVED' }) } });

    expect(await screen.findByRole('article', { name: 'Known Approved Customer' }, FIRST_LOAD)).toBeInTheDocument();
    expect(order).not.toContain('profile answered');
    expect(order).toContain('jobs asked');
    release();
    await waitFor(() => expect(order).toContain('profile answered'));
    expect(screen.queryByText('Your account is awaiting approval')).not.toBeInTheDocument();
  });

  test('a session that says PENDING still waits for the profile, and asks for nothing while it is pending', async () => {
    serveTechnicianProfile('PENDING');
    const { requests } = technicianShop({ jobs: [technicianJob({ customerName: 'Should Not Show' })] });
    renderApp('/dashboard', { preloadedState: { auth: signedIn('EMPLOYEE', { fullName: 'Sam Fernando', firstName: 'Sam', approvalStatus: 'PENDING' }) } });
    expect(await screen.findByRole('status', { name: 'Your account is awaiting approval' }, FIRST_LOAD)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toEqual([]);
  });
});
