import { provideAppStore } from '@/app/appStore';
import { loader } from '@/app/routes/technician/dashboard.data';
import type { ApprovalStatus } from '@contract/auth';
import { setupStore } from '@/app/store';
import { server } from '../../../msw/server';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';
import { profileOf, serveProfile } from '../../../features/account/accountTestUtils';
import { signedIn } from '../../../utils/renderWithProviders';

/** The profile answers only when released; what was asked for, and when, is recorded. */
function holdProfile(approvalStatus: ApprovalStatus) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const events: string[] = [];
  serveProfile(
    () => {
      events.push('profile answered');
      return profileOf('EMPLOYEE', { approvalStatus });
    },
    { until: held },
  );
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    if (path !== '/auth/profile') events.push(`asked ${path}`);
  });
  return { release, events };
}

function storeFor(approvalStatus: ApprovalStatus | undefined) {
  const store = setupStore({ auth: signedIn('EMPLOYEE', approvalStatus ? { approvalStatus } : {}) });
  provideAppStore(store);
  return store;
}

afterEach(() => server.events.removeAllListeners());

describe("the technician dashboard's first reads", () => {
  test('a technician the sign-in said was approved: the jobs, counts and logs are asked for before the profile answers', async () => {
    technicianShop({ jobs: [technicianJob()] });
    const { release, events } = holdProfile('APPROVED');
    storeFor('APPROVED');
    await loader();
    await waitForAsked(events, ['asked /appointments/counts', 'asked /appointments', 'asked /time-logs']);
    expect(events).not.toContain('profile answered');
    release();
  });

  test('a session that does not know the approval asks for the profile first, then the rest', async () => {
    technicianShop({ jobs: [technicianJob()] });
    const { release, events } = holdProfile('APPROVED');
    storeFor(undefined);
    await loader();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    release();
    await waitForAsked(events, ['profile answered', 'asked /appointments/counts', 'asked /appointments', 'asked /time-logs']);
    expect(events[0]).toBe('profile answered');
  });

  test('a pending technician is asked for nothing after the profile says PENDING', async () => {
    const { requests } = technicianShop({ jobs: [technicianJob()] });
    const { release, events } = holdProfile('PENDING');
    storeFor('PENDING');
    await loader();
    release();
    await waitForAsked(events, ['profile answered']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['profile answered']);
    expect(requests).toEqual([]);
  });
});

async function waitForAsked(events: string[], expected: string[]): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!expected.every((e) => events.includes(e))) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${expected.filter((e) => !events.includes(e)).join(', ')}; saw ${events.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
