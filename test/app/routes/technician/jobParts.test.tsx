import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { configureLiveUpdates, stopLiveUpdates } from '@/features/live/useLiveUpdates';
import { serveEventStream } from '../../../msw/live';
import { renderLoadedDashboard, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';
import { DOWNTOWN, makePart, sent } from '../../../features/inventory/fakeInventory';
import { jobPartRequests, serveJobParts } from '../../../features/inventory/fakeJobParts';

const NOW = '2026-03-10T09:00:00';

beforeEach(() => configureLiveUpdates({ minDelayMs: 20, maxDelayMs: 40 }));
afterEach(() => {
  stopLiveUpdates();
  configureLiveUpdates({});
});

/** A confirmed job at Downtown with 4 litres of oil reserved for it, and a completed one; oil and a filter in stock. */
function shop() {
  const open = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', date: '2026-03-11' });
  const done = technicianJob({ customerName: 'Tharindu Perera', make: 'Honda', model: 'Fit', plate: 'CAE-7741', status: 'COMPLETED', date: '2026-03-09', completedAt: new Date(2026, 2, 9, 15).toISOString() });
  const oil = makePart({ sku: 'OIL-5W30', name: 'Engine oil 5W-30', unit: 'litre', stock: { [DOWNTOWN.id]: { onHand: 10, reserved: 4 } } });
  const filter = makePart({ sku: 'FIL-100', name: 'Oil filter', stock: { [DOWNTOWN.id]: { onHand: 3 } } });
  technicianShop({ jobs: [open, done] });
  const parts = serveJobParts({
    jobs: [open, done],
    parts: [oil, filter],
    reserved: { [open.id]: [{ partId: oil.id, quantity: 4 }] },
    used: { [done.id]: [{ partId: filter.id, quantity: 1 }] },
  });
  return { open, done, oil, filter, parts };
}

async function openParts(user: UserEvent, customer: string) {
  await user.click(within(serviceRow(customer)).getByRole('button', { name: 'Parts used' }));
  // The dialog's code loads on the first click (a spinner in its place meanwhile), then the job's parts.
  await screen.findByRole('heading', { name: 'Used on this job' }, { timeout: 5000 });
  return screen.getByRole('dialog', { name: 'Parts used' });
}

const used = (dialog: HTMLElement) => within(within(dialog).getByRole('region', { name: 'Used on this job' }));
const reservedList = (dialog: HTMLElement) => within(within(dialog).getByRole('region', { name: 'Reserved for this job' }));
const announced = (dialog: HTMLElement) => within(dialog).getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite');

test('the technician adds a part found at the job’s centre, changes its quantity and removes it', async () => {
  useFixedNow(NOW);
  const { open, filter, parts } = shop();
  const { user } = await renderLoadedDashboard();
  const button = within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Parts used' });
  expect(button).toHaveAccessibleDescription('Toyota Prius (CAD-3312)');
  const dialog = await openParts(user, 'Amaya Jayasinghe');

  expect(dialog).toHaveAccessibleDescription(/Toyota Prius.*Downtown/);
  expect(used(dialog).getByText('No parts recorded yet.')).toBeInTheDocument();
  expect(reservedList(dialog).getByRole('listitem')).toHaveTextContent('Engine oil 5W-30OIL-5W304 litre reserved');

  // The picker searches the parts at the job's centre and shows their stock there.
  await user.type(within(dialog).getByRole('searchbox', { name: 'Find a part' }), 'filter');
  const radio = await within(dialog).findByRole('radio', { name: 'Oil filter (FIL-100)' });
  expect(sent(parts.inventory, 'GET', '/parts').at(-1)?.query).toEqual({ centerId: open.center.id, q: 'filter', limit: '10' });
  expect(radio).toHaveAccessibleDescription('On hand 3 · Reserved 0 · Available 3 each');

  await user.click(radio);
  await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity' }));
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '2');
  await user.click(within(dialog).getByRole('button', { name: 'Add part' }));

  await waitFor(() => expect(used(dialog).getAllByRole('listitem')).toHaveLength(1));
  expect(jobPartRequests(parts, 'POST', `/appointments/${open.id}/parts`).map((r) => r.body)).toEqual([{ partId: filter.id, quantity: 2 }]);
  expect(announced(dialog)).toHaveTextContent('Added 2 each of Oil filter.');
  const quantity = used(dialog).getByRole('spinbutton', { name: 'Quantity of Oil filter' });
  expect(quantity).toHaveValue(2);
  // The picker's stock follows (the part lists are refetched): 1 left.
  await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Oil filter (FIL-100)' })).toHaveAccessibleDescription('On hand 1 · Reserved 0 · Available 1 each'));

  await user.clear(quantity);
  await user.type(quantity, '1');
  await user.click(used(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(announced(dialog)).toHaveTextContent('Oil filter: 1 each used.'));
  expect(jobPartRequests(parts, 'PUT', `/appointments/${open.id}/parts/${filter.id}`).map((r) => r.body)).toEqual([{ quantity: 1 }]);
  expect(used(dialog).getByRole('spinbutton', { name: 'Quantity of Oil filter' })).toHaveValue(1);

  await user.click(used(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(used(dialog).getByText('No parts recorded yet.')).toBeInTheDocument());
  expect(jobPartRequests(parts, 'PUT', `/appointments/${open.id}/parts/${filter.id}`).map((r) => r.body)).toEqual([{ quantity: 1 }, { quantity: 0 }]);
  expect(announced(dialog)).toHaveTextContent('Removed Oil filter.');
  expect(within(dialog).getByRole('heading', { name: 'Used on this job' })).toHaveFocus();
});

test('using the reserved kit consumes the reservation; a refusal shows the server’s message', async () => {
  useFixedNow(NOW);
  const { open, oil, filter, parts } = shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openParts(user, 'Amaya Jayasinghe');

  await user.click(reservedList(dialog).getByRole('button', { name: 'Use reserved' }));
  await waitFor(() => expect(reservedList(dialog).getByText('Nothing is reserved for this job.')).toBeInTheDocument());
  expect(jobPartRequests(parts, 'POST', `/appointments/${open.id}/parts`).map((r) => r.body)).toEqual([{ partId: oil.id, quantity: 4 }]);
  expect(used(dialog).getByRole('spinbutton', { name: 'Quantity of Engine oil 5W-30' })).toHaveValue(4);
  expect(used(dialog).getByText('Unit: litre')).toBeInTheDocument();

  // More than the centre has free: the server refuses, and its message shows.
  await user.type(within(dialog).getByRole('searchbox', { name: 'Find a part' }), 'FIL');
  await user.click(await within(dialog).findByRole('radio', { name: 'Oil filter (FIL-100)' }));
  await user.clear(within(dialog).getByRole('spinbutton', { name: 'Quantity' }));
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '5');
  await user.click(within(dialog).getByRole('button', { name: 'Add part' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough stock: 3 available at this centre.');
  expect(jobPartRequests(parts, 'POST', `/appointments/${open.id}/parts`).at(-1)?.body).toEqual({ partId: filter.id, quantity: 5 });
  expect(used(dialog).getAllByRole('listitem')).toHaveLength(1);
});

test('the form checks a part is chosen and the quantity before it sends', async () => {
  useFixedNow(NOW);
  const { open, parts } = shop();
  const { user } = await renderLoadedDashboard();
  const dialog = await openParts(user, 'Amaya Jayasinghe');
  await user.click(within(dialog).getByRole('button', { name: 'Add part' }));
  expect(await within(dialog).findByText('Choose a part')).toBeInTheDocument();

  await user.click(reservedList(dialog).getByRole('button', { name: 'Use reserved' }));
  const quantity = await used(dialog).findByRole('spinbutton', { name: 'Quantity of Engine oil 5W-30' });
  await user.clear(quantity);
  await user.type(quantity, '-1');
  await user.click(used(dialog).getByRole('button', { name: 'Update' }));
  expect(await used(dialog).findByText('Quantity cannot be negative')).toBeInTheDocument();
  expect(jobPartRequests(parts, 'PUT', `/appointments/${open.id}/parts/${parts.inventory.parts[0].id}`)).toHaveLength(0);
});

test('a completed job’s parts are read-only, and say why', async () => {
  useFixedNow(NOW);
  const { parts } = shop();
  const { user } = await renderLoadedDashboard();
  await user.click(screen.getByRole('button', { name: 'COMPLETED' }));
  const dialog = await openParts(user, 'Tharindu Perera');

  expect(within(dialog).getByText('This job is completed. Parts can be recorded only on a job that is confirmed or in progress.')).toBeInTheDocument();
  expect(used(dialog).getByRole('listitem')).toHaveTextContent('Oil filterFIL-1001 each');
  expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: /Remove|Update|Add part|Use reserved/ })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(serviceRow('Tharindu Perera')).getByRole('button', { name: 'Parts used' })).toHaveFocus();
  expect(parts.requests.filter((r) => r.method !== 'GET')).toEqual([]);
});

test('job.parts.changed: the open dialog shows a part recorded elsewhere without a reload', async () => {
  useFixedNow(NOW);
  const stream = serveEventStream();
  const { open, filter, parts } = shop();
  const { user } = await renderLoadedDashboard();
  await waitFor(() => expect(stream.connections).toHaveLength(1));
  const dialog = await openParts(user, 'Amaya Jayasinghe');
  expect(jobPartRequests(parts, 'GET', `/appointments/${open.id}/parts`)).toHaveLength(1);

  parts.used[open.id] = [{ partId: filter.id, quantity: 2 }];
  act(() => stream.latest().send('job.parts.changed', { type: 'job.parts.changed', id: open.id, version: 2, appointmentId: open.id }, '9'));

  await waitFor(() => expect(used(dialog).getByRole('spinbutton', { name: 'Quantity of Oil filter' })).toHaveValue(2));
  expect(jobPartRequests(parts, 'GET', `/appointments/${open.id}/parts`)).toHaveLength(2);
});
