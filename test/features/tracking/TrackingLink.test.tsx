import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Component as BookingPage } from '@/app/routes/customer/booking';
import { Component as CustomerDashboard } from '@/app/routes/customer/dashboard';
import { emptyBookingDraft } from '@/features/jobs/bookingSlice';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { makeAppointment } from '../../msw/shop';
import { renderWithProviders, signedIn } from '../../utils/renderWithProviders';
import { serveCustomerShop } from '../jobs/customer/customerTestUtils';

const job = makeAppointment({
  id: 'a-42',
  status: 'CONFIRMED',
  vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla' },
});
const FIRST = { token: 'FirstToken_0123456789a', path: '/track/FirstToken_0123456789a', expiresAt: null };
const SECOND = { token: 'SecondTokn-0123456789b', path: '/track/SecondTokn-0123456789b', expiresAt: null };

/** The job's link endpoints: GET answers the current link; revoke replaces it. Requests are recorded. */
function serveLink() {
  const state = { link: FIRST, reads: [] as string[], revokes: [] as string[] };
  server.use(
    http.get<{ id: string }>(`${API}/appointments/:id/tracking-link`, ({ params }) => {
      state.reads.push(params.id);
      return HttpResponse.json(state.link);
    }),
    http.post<{ id: string }>(`${API}/appointments/:id/tracking-link/revoke`, ({ params }) => {
      state.revokes.push(params.id);
      state.link = SECOND;
      return HttpResponse.json(SECOND);
    }),
  );
  return state;
}

async function openJobDetail() {
  serveCustomerShop({ jobs: [job] });
  const result = renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
  await result.user.click(await screen.findByRole('button', { name: /Toyota Corolla/ }));
  return result;
}

const panel = () => screen.getByRole('region', { name: 'Tracking link' });

describe('in the customer\'s job detail', () => {
  test('shows the full link and copies it, with a polite confirmation', async () => {
    const state = serveLink();
    const { user } = await openJobDetail();
    const link = await within(panel()).findByRole('link', { name: `http://localhost${FIRST.path}` });
    expect(link).toHaveAttribute('href', FIRST.path);
    expect(link).toHaveAttribute('rel', expect.stringContaining('noreferrer'));
    expect(state.reads).toEqual(['a-42']);

    // user-event's clipboard stub (installed by setup) is watched: the page writes the full URL to it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(panel()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost${FIRST.path}`);
    expect(within(panel()).getByRole('status')).toHaveTextContent('Link copied to the clipboard.');
    expect(within(panel()).getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  test('a copy the browser refuses says so', async () => {
    serveLink();
    const { user } = await openJobDetail();
    await within(panel()).findByRole('link', { name: `http://localhost${FIRST.path}` });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(panel()).getByRole('button', { name: 'Copy link' }));
    expect(within(panel()).getByRole('status')).toHaveTextContent('Could not copy the link. Select it and copy it yourself.');
  });

  test('Revoke link asks first; confirmed, the new link shows and the old one is gone', async () => {
    const state = serveLink();
    const { user } = await openJobDetail();
    await within(panel()).findByRole('link', { name: `http://localhost${FIRST.path}` });

    await user.click(within(panel()).getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this tracking link?' });
    expect(dialog).toHaveAccessibleDescription('The current link stops working at once for everyone who has it. A new link is made for you to share.');
    expect(within(dialog).getByRole('button', { name: 'Keep Link' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Link' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.revokes).toEqual([]);

    await user.click(within(panel()).getByRole('button', { name: 'Revoke link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke Link' }));
    expect(await within(panel()).findByRole('link', { name: `http://localhost${SECOND.path}` })).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: `http://localhost${FIRST.path}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.revokes).toEqual(['a-42']);
    expect(within(panel()).getByRole('status')).toHaveTextContent('The old link no longer works. A new link is shown.');
  });

  test('a revoke that fails says why in the dialog and keeps the link', async () => {
    serveLink();
    server.use(http.post(`${API}/appointments/:id/tracking-link/revoke`, () => HttpResponse.json({ message: 'Appointment not found', success: false }, { status: 404 })));
    const { user } = await openJobDetail();
    await within(panel()).findByRole('link', { name: `http://localhost${FIRST.path}` });
    await user.click(within(panel()).getByRole('button', { name: 'Revoke link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke Link' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Appointment not found');
    expect(within(panel()).getByRole('link', { name: `http://localhost${FIRST.path}` })).toBeInTheDocument();
  });

  test('says when a completed job\'s link stops working', async () => {
    server.use(http.get(`${API}/appointments/:id/tracking-link`, () => HttpResponse.json({ ...FIRST, expiresAt: '2099-07-03T11:00:00.000Z' })));
    await openJobDetail();
    const until = await within(panel()).findByText(/Works until/);
    expect(until.querySelector('time')).toHaveAttribute('dateTime', '2099-07-03T11:00:00.000Z');
  });

  test('a link that cannot be read shows the error and Retry', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/appointments/:id/tracking-link`, () =>
        fail ? HttpResponse.json({ message: 'Something went wrong', success: false }, { status: 500 }) : HttpResponse.json(FIRST),
      ),
    );
    const { user } = await openJobDetail();
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
    expect(await within(panel()).findByRole('link', { name: `http://localhost${FIRST.path}` })).toBeInTheDocument();
  });
});

test('the booking confirmation shows the link with Copy link (and no Revoke)', async () => {
  serveLink();
  server.use(http.get(`${API}/appointments/:id`, () => HttpResponse.json(job)));
  const { user } = renderWithProviders(<BookingPage />, {
    preloadedState: { auth: signedIn('CUSTOMER'), booking: { draft: emptyBookingDraft, confirmedId: 'a-42' } },
  });
  const link = await within(await screen.findByRole('region', { name: 'Tracking link' })).findByRole('link', { name: `http://localhost${FIRST.path}` });
  expect(link).toBeInTheDocument();
  expect(within(panel()).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  await user.click(within(panel()).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`http://localhost${FIRST.path}`);
  await waitFor(() => expect(within(panel()).getByRole('status')).toHaveTextContent('Link copied to the clipboard.'));
});
