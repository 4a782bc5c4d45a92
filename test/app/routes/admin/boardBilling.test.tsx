import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import type { BillingSummary, JobBilling } from '@contract/billing';
import { BILLING_MESSAGES } from '@contract/billingTerms';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { shopWithJobs } from '../../../features/jobs/board/boardFixtures';
import { boardHandlers, fakeBoard } from '../../../features/jobs/board/fakeBoard';

const FIRST_LOAD = { timeout: 5000 };

function billingOf(jobId: string, overrides: Partial<JobBilling> = {}): JobBilling {
  return {
    appointmentId: jobId,
    taxRateBasisPoints: 1800,
    labourRateMinor: 500_000,
    lines: [
      { id: 'service', kind: 'LABOUR', source: 'SERVICE', description: 'Full service', quantityHundredths: 100, unitPriceMinor: 1_000_000, amountMinor: 1_000_000 },
      { id: 'l1', kind: 'FEE', source: 'MANUAL', description: 'Disposal fee', quantityHundredths: 100, unitPriceMinor: 50_000, amountMinor: 50_000 },
    ],
    items: [],
    subtotalMinor: 1_050_000,
    taxMinor: 189_000,
    totalMinor: 1_239_000,
    approvedMinor: 0,
    pendingMinor: 0,
    declinedMinor: 0,
    payments: [],
    paidMinor: 0,
    balanceMinor: 1_239_000,
    ...overrides,
  } as JobBilling;
}

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

function serve(refuseIssue = false) {
  const shop = shopWithJobs();
  server.use(...boardHandlers(fakeBoard(shop.jobs, shop.all)));
  const sent: Sent[] = [];
  const note = async (request: Request, withBody = false) => {
    const url = new URL(request.url);
    const entry: Sent = { method: request.method, path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams), ...(withBody && { body: await request.json() }) };
    sent.push(entry);
    return entry;
  };
  const summaries: Record<string, BillingSummary> = {
    [shop.xtrail.id]: { appointmentId: shop.xtrail.id, totalMinor: 1_239_000, approvedMinor: 0, pendingMinor: 300_000, declinedMinor: 0, pendingItems: 2 },
    [shop.camry.id]: {
      appointmentId: shop.camry.id,
      totalMinor: 1_180_000,
      approvedMinor: 0,
      pendingMinor: 0,
      declinedMinor: 0,
      pendingItems: 0,
      invoice: { id: 'i1', number: 'INV-2026-000123', status: 'PARTLY_PAID', balanceMinor: 680_000 },
    },
  };
  server.use(
    http.get(`${API}/billing/summaries`, async ({ request }) => {
      const entry = await note(request);
      const ids = entry.query.appointmentIds.split(',');
      return HttpResponse.json({ items: ids.flatMap((id) => (summaries[id] ? [summaries[id]] : [])) });
    }),
    http.get(`${API}/appointments/:id/billing`, async ({ request, params }) => {
      await note(request);
      return HttpResponse.json(billingOf(String(params.id)));
    }),
    http.post(`${API}/appointments/:id/lines`, async ({ request, params }) => {
      await note(request, true);
      return HttpResponse.json(billingOf(String(params.id)), { status: 201 });
    }),
    http.delete(`${API}/job-lines/:id`, async ({ request, params }) => {
      await note(request);
      return HttpResponse.json(billingOf(String(params.id)));
    }),
    http.post(`${API}/appointments/:id/invoice`, async ({ request }) => {
      await note(request);
      if (refuseIssue) return HttpResponse.json({ message: BILLING_MESSAGES.alreadyInvoiced }, { status: 409 });
      return HttpResponse.json({ id: 'i2', number: 'INV-2026-000124' }, { status: 201 });
    }),
  );
  return { shop, sent, of: (method: string, path: string) => sent.filter((request) => request.method === method && request.path === path) };
}

function card(job: Appointment) {
  const found = screen.getAllByRole('article').find((article) => article.textContent?.includes(job.vehicle.plate));
  if (!found) throw new Error(`no card for ${job.vehicle.plate}`);
  return found;
}

async function renderBoard() {
  const rendered = renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
  return rendered;
}

test("each card shows its billing in a line, from one summaries request for the board's jobs", async () => {
  const { shop, of } = serve();
  await renderBoard();
  await waitFor(() => expect(within(card(shop.xtrail)).getByText(/Estimate LKR 12,390\.00/)).toBeInTheDocument());
  expect(within(card(shop.xtrail)).getByText(/2 awaiting approval/)).toBeInTheDocument();
  expect(within(card(shop.camry)).getByText('Invoice INV-2026-000123 · Partly paid')).toBeInTheDocument();
  expect(of('GET', '/billing/summaries').at(-1)!.query.appointmentIds.split(',')).toEqual(expect.arrayContaining([shop.xtrail.id, shop.camry.id]));
  expect(within(card(shop.xtrail)).getByRole('button', { name: /^Billing, / })).toBeInTheDocument();
});

test('Billing opens the job\'s lines: Add fee sends the fee, Remove a manual line, Issue invoice; a refusal shows the server\'s message', async () => {
  const { shop, of } = serve(true);
  const { user } = await renderBoard();
  const xtrail = await waitFor(() => card(shop.xtrail));
  await user.click(within(xtrail).getByRole('button', { name: /^Billing, / }));
  let dialog = await screen.findByRole('dialog', { name: 'Billing' }, FIRST_LOAD);
  expect(await within(dialog).findByText('Disposal fee')).toBeInTheDocument();
  expect(within(dialog).getByText('Tax (18%)')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Add fee' }));
  const form = await screen.findByRole('dialog', { name: 'Add fee' });
  await user.click(within(form).getByRole('button', { name: 'Add fee' }));
  expect(await within(form).findByText('Description is required')).toBeInTheDocument();
  await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Towing');
  await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '2500');
  await user.click(within(form).getByRole('button', { name: 'Add fee' }));
  dialog = await screen.findByRole('dialog', { name: 'Billing' });
  expect(of('POST', `/appointments/${shop.xtrail.id}/lines`)[0].body).toEqual({ kind: 'FEE', description: 'Towing', amountMinor: 250_000 });

  await user.click(within(dialog).getByRole('button', { name: 'Remove Disposal fee' }));
  await waitFor(() => expect(of('DELETE', '/job-lines/l1')).toHaveLength(1));
  expect(within(dialog).queryByRole('button', { name: 'Remove Full service' })).not.toBeInTheDocument();

  expect(shop.xtrail.status).toBe('IN_PROGRESS');
  await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
  expect(await within(dialog).findByText(BILLING_MESSAGES.alreadyInvoiced)).toBeInTheDocument();
  expect(of('POST', `/appointments/${shop.xtrail.id}/invoice`)).toHaveLength(1);
  expect(within(dialog).getByRole('button', { name: 'Record deposit' })).toBeInTheDocument();
});

test('an admin proposes extra work from a card in progress (Extra work, as its technician does); other cards have no such button', async () => {
  const { shop } = serve();
  const { user } = await renderBoard();
  const xtrail = await waitFor(() => card(shop.xtrail));
  expect(within(card(shop.camry)).queryByRole('button', { name: /^Extra work/ })).not.toBeInTheDocument();
  await user.click(within(xtrail).getByRole('button', { name: 'Extra work, Nissan X-Trail CAF-9001' }));
  // The dialog's code loads on the first click (a spinner in its place meanwhile), then the job's billing.
  await screen.findByRole('heading', { name: 'Proposed extra work' }, { timeout: 12_000 });
  const form = within(screen.getByRole('dialog', { name: 'Extra work' })).getByRole('region', { name: 'Propose extra work' });
  expect(within(form).getByRole('button', { name: 'Propose' })).toBeInTheDocument();
});
