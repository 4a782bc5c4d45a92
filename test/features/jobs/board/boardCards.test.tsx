import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { Appointment } from '@contract/appointments';
import { JobBoard } from '@/features/jobs';
import { server } from '../../../msw/server';
import { renderWithProviders, signedIn } from '../../../utils/renderWithProviders';
import { shopWithJobs } from './boardFixtures';
import { boardHandlers, fakeBoard } from './fakeBoard';

const noDialog = () => null;
/** Called once each time a card is drawn: the count of card renders. */
const customerStatus = jest.fn((job: Appointment) => <span>{job.customer.emailVerified ? 'verified' : 'unverified'}</span>);
const plainFooter = (job: Appointment) => <p>Footer of {job.vehicle.plate}</p>;
const otherFooter = (job: Appointment) => <p>Other footer of {job.vehicle.plate}</p>;

/** The board inside a page that can draw itself again (Again) or hand the board a new footer (New footer). */
function Page() {
  const [, setRound] = useState(0);
  const [footer, setFooter] = useState(() => plainFooter);
  return (
    <>
      <button type="button" onClick={() => setRound((n) => n + 1)}>
        Again
      </button>
      <button type="button" onClick={() => setFooter(() => otherFooter)}>
        New footer
      </button>
      <JobBoard renderAssignDialog={noDialog} renderCardFooter={footer} renderCustomerStatus={customerStatus} />
    </>
  );
}

async function renderPage() {
  const shop = shopWithJobs();
  server.use(...boardHandlers(fakeBoard(shop.jobs, shop.all)));
  const rendered = renderWithProviders(<Page />, { preloadedState: { auth: signedIn('ADMIN') } });
  await waitFor(() => expect(screen.queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  const cards = await screen.findAllByRole('article');
  // Settled: the totals and the catalogue are in too.
  await waitFor(() => expect(screen.getByRole('region', { name: 'Awaiting Assignment' })).toHaveTextContent(/Description/));
  return { ...rendered, cards };
}

beforeEach(() => customerStatus.mockClear());

describe('the board’s cards', () => {
  test('are not drawn again when the page around them is', async () => {
    const { user, cards } = await renderPage();
    const drawn = customerStatus.mock.calls.length;
    expect(drawn).toBeGreaterThanOrEqual(cards.length);

    await user.click(screen.getByRole('button', { name: 'Again' }));
    await user.click(screen.getByRole('button', { name: 'Again' }));

    expect(customerStatus).toHaveBeenCalledTimes(drawn);
    expect(screen.getAllByRole('article')).toHaveLength(cards.length);
  });

  test('are drawn again, each with its new footer, when the page hands the board a new one', async () => {
    const { user, cards } = await renderPage();
    const drawn = customerStatus.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'New footer' }));

    for (const card of screen.getAllByRole('article')) expect(within(card).getByText(/^Other footer of /)).toBeInTheDocument();
    expect(customerStatus).toHaveBeenCalledTimes(drawn + cards.length);
  });
});
