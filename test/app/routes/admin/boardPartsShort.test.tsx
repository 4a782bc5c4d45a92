import { act, screen, waitFor, within } from '@testing-library/react';
import type { Appointment } from '@contract/appointments';
import { configureLiveUpdates, stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { serveEventStream } from '../../../msw/live';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { shopWithJobs } from '../../../features/jobs/board/boardFixtures';
import { boardHandlers, fakeBoard } from '../../../features/jobs/board/fakeBoard';
import { makePart } from '../../../features/inventory/fakeInventory';
import { jobPartRequests, serveJobParts } from '../../../features/inventory/fakeJobParts';

const FIRST_LOAD = { timeout: 5000 };

beforeEach(() => configureLiveUpdates({ minDelayMs: 20, maxDelayMs: 40 }));
afterEach(() => {
  stopLiveUpdates();
  configureLiveUpdates({});
});

const oil = makePart({ sku: 'OIL-5W30', name: 'Engine oil 5W-30', unit: 'litre' });
const pads = makePart({ sku: 'BRK-PAD', name: 'Brake pads', unit: 'set' });

const line = (part: typeof oil, needed: number, used: number, reserved: number, available: number) => ({ partId: part.id, sku: part.sku, name: part.name, needed, used, reserved, available });

/** The shop's board; the Camry (awaiting assignment) short of oil, the X-Trail (ongoing) of oil and pads. */
function serve() {
  const shop = shopWithJobs();
  server.use(...boardHandlers(fakeBoard(shop.jobs, shop.all)));
  const parts = serveJobParts({
    jobs: shop.jobs,
    parts: [oil, pads],
    shortages: [
      { appointmentId: shop.camry.id, lines: [line(oil, 4, 0, 0, 1)] },
      { appointmentId: shop.xtrail.id, lines: [line(oil, 4, 1, 2, 0), line(pads, 1, 0, 0, 0)] },
    ],
  });
  return { shop, parts };
}

async function renderBoard() {
  const rendered = renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
  await waitFor(() => expect(screen.queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  return rendered;
}

/** The board card of a job, by its vehicle's plate. */
function card(job: Appointment) {
  const found = screen.getAllByRole('article').find((article) => article.textContent?.includes(job.vehicle.plate));
  if (!found) throw new Error(`no card for ${job.vehicle.plate}`);
  return found;
}

test('"Parts short" shows on the cards of short jobs only, saying what each lacks, from one request for the board', async () => {
  const { shop, parts } = serve();
  await renderBoard();

  await waitFor(() => expect(within(card(shop.camry)).getByRole('note', { name: 'Parts short' })).toHaveAccessibleDescription('Engine oil 5W-30: needs 4, 1 available'));
  expect(within(card(shop.xtrail)).getByRole('note', { name: 'Parts short' })).toHaveAccessibleDescription(
    'Engine oil 5W-30: needs 4, 1 used, 2 reserved, 0 available Brake pads: needs 1, 0 available',
  );
  expect(within(card(shop.xtrail)).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Engine oil 5W-30: needs 4, 1 used, 2 reserved, 0 available',
    'Brake pads: needs 1, 0 available',
  ]);
  const warned = screen.getAllByRole('article').filter((article) => within(article).queryByRole('note', { name: 'Parts short' }));
  expect(warned).toHaveLength(2);
  expect(warned).toEqual(expect.arrayContaining([card(shop.camry), card(shop.xtrail)]));
  expect(within(card(shop.civic)).queryByText('Parts short')).not.toBeInTheDocument();
  expect(jobPartRequests(parts, 'GET', '/parts/shortages')).toHaveLength(1);
});

test('stock.changed: a warning leaves the board once the stock covers the job', async () => {
  const stream = serveEventStream();
  const { shop, parts } = serve();
  await renderBoard();
  await waitFor(() => expect(within(card(shop.camry)).getByRole('note', { name: 'Parts short' })).toBeInTheDocument());
  await waitFor(() => expect(stream.connections).toHaveLength(1));

  parts.shortages = parts.shortages.filter((shortage) => shortage.appointmentId !== shop.camry.id);
  act(() => stream.latest().send('stock.changed', { type: 'stock.changed', id: oil.id, version: 2 }, '12'));

  await waitFor(() => expect(within(card(shop.camry)).queryByRole('note', { name: 'Parts short' })).not.toBeInTheDocument());
  expect(within(card(shop.xtrail)).getByRole('note', { name: 'Parts short' })).toBeInTheDocument();
  expect(jobPartRequests(parts, 'GET', '/parts/shortages')).toHaveLength(2);
});
