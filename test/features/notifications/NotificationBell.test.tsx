import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { API } from '../../msw/handlers';
import { notification, serveEventStream, serveNotifications } from '../../msw/live';
import { server } from '../../msw/server';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

const FIRST_LOAD = { timeout: 5000 };

afterEach(() => stopLiveUpdates());

const as = (role: string) => ({ preloadedState: { auth: signedIn(role) } });
const HOME: Record<string, string> = { CUSTOMER: '/dashboard', EMPLOYEE: '/dashboard', ADMIN: '/admin/dashboard' };

const bell = (name: string | RegExp = /^Notifications, \d+ unread$/) => screen.getByRole('button', { name });
const panel = () => screen.getByRole('region', { name: 'Notifications' });
const items = () => within(panel()).getAllByRole('listitem');

/** The profile the e-mail choice reads (GET /api/auth/profile) and what PUT /api/auth/update-profile was sent. */
function serveProfile(emailNotifications?: boolean) {
  const updates: unknown[] = [];
  let current = emailNotifications;
  const profile = () => ({
    id: 'u-customer',
    email: 'customer@example.com',
    fullName: 'Alex Morgan',
    phoneNumber: '+94 77 123 4567',
    address: '',
    roles: ['CUSTOMER'],
    role: 'CUSTOMER',
    isActive: true,
    createdAt: '2025-10-01T08:00:00.000Z',
    updatedAt: '2025-10-01T08:00:00.000Z',
    ...(current !== undefined && { emailNotifications: current }),
  });
  server.use(
    http.get(`${API}/auth/profile`, () => HttpResponse.json(profile())),
    http.put(`${API}/auth/update-profile`, async ({ request }) => {
      const body = (await request.json()) as { emailNotifications?: boolean };
      updates.push(body);
      current = body.emailNotifications;
      return HttpResponse.json(profile());
    }),
  );
  return updates;
}

async function openPanel(role = 'CUSTOMER') {
  const rendered = renderApp(HOME[role], as(role));
  const button = await screen.findByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }, FIRST_LOAD);
  await rendered.user.click(button);
  await within(panel()).findAllByRole('listitem');
  return rendered;
}

describe('the notifications bell', () => {
  test.each(['CUSTOMER', 'EMPLOYEE', 'ADMIN'])('%s: the header has a bell named with the unread count, "Notifications, 0 unread" when none', async (role) => {
    renderApp(HOME[role], as(role));
    const button = await screen.findByRole('button', { name: 'Notifications, 0 unread' }, FIRST_LOAD);
    expect(button.closest('header')).not.toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('names the server’s unread count ("Notifications, 3 unread") and shows it on the bell', async () => {
    serveNotifications([notification(1), notification(2), notification(3), notification(4, { readAt: '2030-01-01T00:00:00.000Z' })]);
    renderApp('/dashboard', as('CUSTOMER'));
    const button = await screen.findByRole('button', { name: 'Notifications, 3 unread' }, FIRST_LOAD);
    expect(button).toHaveTextContent('3');
  });

  test('opens a panel listing each notification: title, message, relative time in <time>, unread marked in text', async () => {
    const [unread, read] = [notification(1), notification(2, { title: 'Job started', readAt: '2030-01-01T00:00:00.000Z' })];
    serveNotifications([unread, read]);
    serveProfile(true);
    await openPanel();

    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Notifications' })).toHaveFocus();
    const [first, second] = items();
    expect(first).toHaveTextContent('Job completed 1');
    expect(first).toHaveTextContent(unread.message);
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    const time = first.querySelector('time');
    expect(time).toHaveAttribute('datetime', unread.createdAt);
    expect(time).toHaveTextContent('1 minute ago');
    expect(within(first).getByRole('button', { name: 'Mark as read' })).toHaveAccessibleDescription('Job completed 1');

    expect(second).toHaveTextContent('Job started');
    expect(within(second).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(within(panel()).getByText('1 unread')).toBeInTheDocument();
  });

  test('Escape closes the panel and gives the focus back to the bell; the bell toggles it by keyboard', async () => {
    serveNotifications([notification(1)]);
    const { user } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(panel()).toBeInTheDocument();
    await user.tab(); // into the panel: the e-mail choice
    expect(within(panel()).getByRole('checkbox', { name: 'Email me these notifications' })).toHaveFocus();

    bell().focus();
    await user.keyboard(' ');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  test('a click outside closes the panel', async () => {
    serveNotifications([notification(1)]);
    const { user } = await openPanel();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  test('Mark as read: sent to the server, the item and the count update, the focus stays on the item', async () => {
    const fake = serveNotifications([notification(1), notification(2)]);
    const { user } = await openPanel();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');

    await user.click(within(items()[0]).getByRole('button', { name: 'Mark as read' }));
    expect(fake.requests.read).toEqual([notification(1).id]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(within(items()[0]).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items()[1]).getByText('Unread')).toBeInTheDocument();
    await waitFor(() => expect(within(items()[0]).getByText('Job completed 1')).toHaveFocus());
    expect(within(panel()).getByText('Marked as read: Job completed 1')).toBeInTheDocument();
  });

  test('a low-stock notification shows its words and links to the Inventory page, which following closes the panel; a job’s has no link', async () => {
    serveNotifications([
      notification(1, {
        kind: 'PART_LOW_STOCK',
        appointmentId: null,
        stock: { partId: 'p-1', centerId: 'c0000000-0000-4000-8000-000000000001' },
        title: 'Low stock',
        message: 'BRK-PAD-F Brake pads, front (ceramic): 1 set available at Downtown Workshop, reorder level 3.',
      }),
      notification(2),
    ]);
    const { user, router } = await openPanel('ADMIN');
    const [lowStock, job] = items();
    expect(within(lowStock).getByText('Low stock')).toBeInTheDocument();
    expect(within(lowStock).getByText('BRK-PAD-F Brake pads, front (ceramic): 1 set available at Downtown Workshop, reorder level 3.')).toBeInTheDocument();
    expect(within(job).queryByRole('link')).not.toBeInTheDocument();
    const link = within(lowStock).getByRole('link', { name: 'View inventory' });
    expect(link).toHaveAttribute('href', '/admin/inventory');
    expect(link).toHaveAccessibleDescription('Low stock');

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/inventory'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  test('Mark all as read: one request, nothing unread left, the button is disabled', async () => {
    const fake = serveNotifications([notification(1), notification(2), notification(3)]);
    const { user } = await openPanel();
    await user.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    expect(fake.requests.readAll).toBe(1);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(within(panel()).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(within(panel()).getByText('All notifications marked as read')).toBeInTheDocument();
  });

  test('a failed mark as read says so and keeps the item unread', async () => {
    serveNotifications([notification(1)], { read: true });
    const { user } = await openPanel();
    await user.click(within(items()[0]).getByRole('button', { name: 'Mark as read' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(within(items()[0]).getByText('Unread')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  test('Load more fetches the next page and moves the focus to the first new item', async () => {
    const all = Array.from({ length: 13 }, (_, i) => notification(i + 1));
    const fake = serveNotifications(all);
    const { user } = await openPanel();
    expect(items()).toHaveLength(10);
    expect(fake.requests.list[0].get('limit')).toBe('10');

    await user.click(within(panel()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(13));
    expect(fake.requests.list.at(-1)?.get('cursor')).toBe('10');
    await waitFor(() => expect(within(items()[10]).getByText('Job completed 11')).toHaveFocus());
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('empty: "No notifications yet"', async () => {
    const { user } = renderApp('/dashboard', as('CUSTOMER'));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }, FIRST_LOAD));
    expect(await within(panel()).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  test('a failed load says so with Retry', async () => {
    serveNotifications([], { list: true });
    const { user } = renderApp('/dashboard', as('CUSTOMER'));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }, FIRST_LOAD));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Internal server error');
    serveNotifications([notification(1)]);
    await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect(await within(panel()).findByText('Job completed 1')).toBeInTheDocument();
  });

  test('a new notification on the live stream raises the count and is announced politely; the ones there at load are not', async () => {
    const stream = serveEventStream();
    const fake = serveNotifications([notification(2)]);
    renderApp('/admin/dashboard', as('ADMIN'));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' }, FIRST_LOAD);
    await waitFor(() => expect(stream.connections).toHaveLength(1));
    const announcer = within(bell().parentElement as HTMLElement).getByRole('status');
    expect(announcer).toBeEmptyDOMElement();

    const fresh = notification(1, { kind: 'BOOKING_RECEIVED', title: 'Booking received' });
    fake.add(fresh);
    act(() => stream.latest().send('notification.created', { type: 'notification.created', id: fresh.id, version: 1, appointmentId: fresh.appointmentId }, '9'));

    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(announcer).toHaveTextContent('New notification: Booking received');
  });

  test('the e-mail choice shows the profile’s and saves a change through the profile update', async () => {
    serveNotifications([notification(1)]);
    const updates = serveProfile(true);
    const { user } = await openPanel();
    const checkbox = within(panel()).getByRole('checkbox', { name: 'Email me these notifications' });
    await waitFor(() => expect(checkbox).toBeEnabled());
    expect(checkbox).toBeChecked();

    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();
    await waitFor(() => expect(updates).toEqual([{ emailNotifications: false }]));
    expect(await within(panel()).findByText('E-mails turned off')).toBeInTheDocument();
    expect(checkbox).not.toBeChecked();
  });

  test('an opted-out profile shows the box unchecked', async () => {
    serveNotifications([notification(1)]);
    serveProfile(false);
    await openPanel();
    await waitFor(() => expect(within(panel()).getByRole('checkbox', { name: 'Email me these notifications' })).toBeEnabled());
    expect(within(panel()).getByRole('checkbox', { name: 'Email me these notifications' })).not.toBeChecked();
  });
});

describe('/admin/notifications', () => {
  test('is the full list with the e-mail choice, no longer under construction', async () => {
    const fake = serveNotifications([notification(1, { kind: 'BOOKING_RECEIVED', title: 'Booking received' }), notification(2, { readAt: '2030-01-01T00:00:00.000Z' })]);
    serveProfile(true);
    const { user } = renderApp('/admin/notifications', as('ADMIN'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/under construction/i)).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    await within(main).findByText('Booking received');
    expect(within(main).getByRole('checkbox', { name: 'Email me these notifications' })).toBeInTheDocument();
    expect(within(main).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(main).getByRole('button', { name: 'Mark as read' }));
    expect(fake.requests.read).toEqual([notification(1).id]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(within(main).getByText('0 unread')).toBeInTheDocument();
  });
});
