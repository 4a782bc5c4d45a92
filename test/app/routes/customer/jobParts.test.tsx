import { screen, waitFor, within } from '@testing-library/react';
import { makeAppointment } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { serveCustomerShop } from '../../../features/jobs/customer/customerTestUtils';
import { makePart } from '../../../features/inventory/fakeInventory';
import { jobPartRequests, serveJobParts } from '../../../features/inventory/fakeJobParts';

const FIRST_LOAD = { timeout: 5000 };

const civic = makeAppointment({ status: 'IN_PROGRESS', stage: 'IN_PROGRESS', vehicle: { id: 'v-2', plate: 'KD-7733', make: 'Honda', model: 'Civic' } });
const leaf = makeAppointment({ status: 'CONFIRMED', vehicle: { id: 'v-3', plate: 'WP-CAR-1290', make: 'Nissan', model: 'Leaf' } });
const oil = makePart({ sku: 'OIL-5W30', name: 'Engine oil 5W-30', unit: 'litre' });
const filter = makePart({ sku: 'FIL-100', name: 'Oil filter' });

function serve() {
  serveCustomerShop({ jobs: [civic, leaf] });
  return serveJobParts({
    jobs: [civic, leaf],
    parts: [oil, filter],
    used: { [civic.id]: [{ partId: oil.id, quantity: 4 }, { partId: filter.id, quantity: 1 }] },
    reserved: { [leaf.id]: [{ partId: oil.id, quantity: 4 }] },
  });
}

async function openDetails(vehicle: RegExp) {
  const rendered = renderApp('/dashboard', { preloadedState: { auth: signedIn('CUSTOMER') } });
  const list = await screen.findByRole('region', { name: 'Service list' }, FIRST_LOAD);
  await rendered.user.click(within(list).getByRole('button', { name: vehicle }));
  const details = screen.getByRole('region', { name: 'Service Details' });
  const parts = within(details).getByRole('region', { name: 'Parts used' });
  await waitFor(() => expect(within(parts).queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  return parts;
}

test("the job's details list the parts used on it, read-only", async () => {
  const shop = serve();
  const parts = await openDetails(/Honda Civic/);
  expect(within(parts).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Engine oil 5W-30 OIL-5W304 litre', 'Oil filter FIL-1001 each']);
  expect(within(parts).queryByRole('button')).not.toBeInTheDocument();
  expect(within(parts).queryByRole('spinbutton')).not.toBeInTheDocument();
  expect(jobPartRequests(shop, 'GET', `/appointments/${civic.id}/parts`)).toHaveLength(1);
});

test('a job with no parts used yet says so (what is only reserved is not shown)', async () => {
  serve();
  const parts = await openDetails(/Nissan Leaf/);
  expect(within(parts).getByText('No parts recorded yet.')).toBeInTheDocument();
  expect(within(parts).queryByText(/Engine oil/)).not.toBeInTheDocument();
});
