import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Invoice, InvoiceSummary, PaymentBody } from '@contract/billing';
import { BILLING_MESSAGES } from '@contract/billingTerms';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
const FIRST_LOAD = { timeout: 5000 };
const JOB = 'a0000000-0000-4000-8000-000000000001';
const AMAYA = 'c0000000-0000-4000-8000-000000000001';

function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'f0000000-0000-4000-8000-000000000123',
    number: 'INV-2026-000123',
    version: 1,
    status: 'ISSUED',
    appointmentId: JOB,
    customer: { id: AMAYA, fullName: 'Amaya Silva', email: 'amaya@example.com' },
    vehicle: 'Toyota Corolla (CAB-1234)',
    serviceTypeName: 'Full service',
    issuedAt: '2026-11-10T06:00:00.000Z',
    dueOn: '2026-11-24',
    totalMinor: 1_180_000,
    paidMinor: 0,
    balanceMinor: 1_180_000,
    overdue: true,
    lines: [{ kind: 'LABOUR', description: 'Full service', quantityHundredths: 100, unitPriceMinor: 1_000_000, amountMinor: 1_000_000 }],
    subtotalMinor: 1_000_000,
    taxRateBasisPoints: 1800,
    taxMinor: 180_000,
    payments: [],
    ...overrides,
  } as Invoice;
}

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** A small invoices server: one invoice that takes payments and a void, and a list answering with `list`. */
function serveInvoices(list: InvoiceSummary[], invoice: Invoice = makeInvoice()) {
  const sent: Sent[] = [];
  let current = invoice;
  let issued: Invoice | undefined;
  const note = async (request: Request, withBody = false) => {
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams), ...(withBody && { body: await request.json() }) });
  };
  server.use(
    http.get(`${API}/invoices`, async ({ request }) => {
      await note(request);
      return HttpResponse.json({ items: list });
    }),
    http.get(`${API}/invoices/:id`, async ({ request, params }) => {
      await note(request);
      return HttpResponse.json(issued && params.id === issued.id ? issued : current);
    }),
    http.get(`${API}/billing/customers/:id/balance`, async ({ request }) => {
      await note(request);
      return HttpResponse.json({ customerId: AMAYA, invoicedMinor: 2_000_000, paidMinor: 500_000, outstandingMinor: 1_500_000, overdueMinor: 1_180_000 });
    }),
    http.post(`${API}/invoices/:id/payments`, async ({ request }) => {
      await note(request, true);
      const body = sent.at(-1)!.body as PaymentBody;
      if (body.amountMinor > current.balanceMinor) return HttpResponse.json({ message: BILLING_MESSAGES.overpayment }, { status: 409 });
      const paidMinor = current.paidMinor + body.amountMinor;
      current = {
        ...current,
        version: current.version + 1,
        paidMinor,
        balanceMinor: current.totalMinor - paidMinor,
        status: paidMinor === current.totalMinor ? 'PAID' : 'PARTLY_PAID',
        overdue: false,
        payments: [...current.payments, { id: `p${current.payments.length}`, method: body.method, amountMinor: body.amountMinor, reference: body.reference, paidOn: body.paidOn, recordedAt: '2026-11-28T06:00:00.000Z', invoiceId: current.id }],
      };
      return HttpResponse.json(current, { status: 201 });
    }),
    http.post(`${API}/invoices/:id/void`, async ({ request }) => {
      await note(request, true);
      const body = sent.at(-1)!.body as { expectedVersion: number; reason: string };
      if (body.expectedVersion !== current.version) return HttpResponse.json({ message: BILLING_MESSAGES.invoiceStale }, { status: 409 });
      current = { ...current, status: 'VOID', version: current.version + 1, voidReason: body.reason, voidedAt: '2026-11-28T06:00:00.000Z', overdue: false };
      return HttpResponse.json(current);
    }),
    http.post(`${API}/appointments/:id/invoice`, async ({ request }) => {
      await note(request);
      const replacement = makeInvoice({ id: 'f0000000-0000-4000-8000-000000000124', number: 'INV-2026-000124', overdue: false, replaces: { id: current.id, number: current.number } });
      current = { ...current, replacedBy: { id: replacement.id, number: replacement.number } };
      issued = replacement;
      return HttpResponse.json(replacement, { status: 201 });
    }),
  );
  return { sent, of: (method: string, path: string) => sent.filter((request) => request.method === method && request.path === path) };
}

const rowOf = (number: string) => screen.getByRole('button', { name: number }).closest('tr') as HTMLElement;

describe('Invoices page (/admin/invoices)', () => {
  test('lists the invoices with their columns, marks an overdue one with a visible badge, and is in the admin navigation', async () => {
    const paid = makeInvoice({ id: 'f2', number: 'INV-2026-000122', status: 'PAID', paidMinor: 1_180_000, balanceMinor: 0, overdue: false });
    serveInvoices([makeInvoice(), paid]);
    renderApp('/admin/invoices', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' }, FIRST_LOAD)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Number', 'Customer', 'Vehicle', 'Issued', 'Due', 'Total', 'Paid', 'Balance', 'Status']);
    const overdue = rowOf('INV-2026-000123');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdue).getByText('Issued')).toBeInTheDocument();
    expect(within(overdue).getAllByText('LKR 11,800.00')).toHaveLength(2);
    expect(within(rowOf('INV-2026-000122')).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(rowOf('INV-2026-000122')).getByText('Paid', { selector: 'span *, span' })).toBeInTheDocument();
  });

  test('the filters are sent in the query string and kept in the URL; nothing found says so', async () => {
    const api = serveInvoices([]);
    const { user, router } = renderApp('/admin/invoices?status=PARTLY_PAID&from=2026-11-01', admin());
    expect(await screen.findByText('No invoices match these filters.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Partly paid');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(api.of('GET', '/invoices')[0].query).toEqual({ status: 'PARTLY_PAID', from: '2026-11-01', limit: '25' });
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Issued', 'Partly paid', 'Paid', 'Void']);

    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(api.of('GET', '/invoices').at(-1)!.query).toEqual({ status: 'PARTLY_PAID', overdue: 'true', from: '2026-11-01', limit: '25' }));
    expect(new URLSearchParams(router.state.location.search).get('overdue')).toBe('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(api.of('GET', '/invoices').at(-1)!.query).toEqual({ overdue: 'true', from: '2026-11-01', limit: '25' }));
  });

  test("Show this customer's invoices filters by the customer and shows their outstanding balance", async () => {
    const api = serveInvoices([makeInvoice()]);
    const { user, router } = renderApp('/admin/invoices', admin());
    await screen.findByRole('table', { name: 'Invoices' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: "Show this customer's invoices: Amaya Silva" }));
    expect(await screen.findByText(/Outstanding: LKR 15,000\.00, of which overdue LKR 11,800\.00/)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe(AMAYA);
    expect(api.of('GET', '/invoices').at(-1)!.query).toEqual({ customerId: AMAYA, limit: '25' });
    await user.click(screen.getByRole('button', { name: 'Show all customers' }));
    await waitFor(() => expect(screen.queryByText(/Outstanding:/)).not.toBeInTheDocument());
  });

  test('a load that fails says so with Retry', async () => {
    server.use(http.get(`${API}/invoices`, () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderApp('/admin/invoices', admin());
    expect(await screen.findByRole('button', { name: 'Retry' }, FIRST_LOAD)).toBeInTheDocument();
  });
});

describe('Invoice detail (?invoice=<id>)', () => {
  test('shows lines, Tax (18%), totals; records a payment in two parts (the 409 overpayment message shown) until Paid', async () => {
    const api = serveInvoices([makeInvoice()]);
    const { user, router } = renderApp('/admin/invoices', admin());
    await screen.findByRole('table', { name: 'Invoices' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'INV-2026-000123' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' });
    expect(new URLSearchParams(router.state.location.search).get('invoice')).toBe('f0000000-0000-4000-8000-000000000123');
    expect(within(dialog).getByText('Tax (18%)')).toBeInTheDocument();
    expect(within(dialog).getByText('No payments yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download Invoice, INV-2026-000123' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    let form = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('11800.00');
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Cash', 'Card', 'Bank transfer']);
    await user.clear(within(form).getByRole('textbox', { name: 'Amount' }));
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText('Amount is required')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '20000');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    expect(await within(form).findByText(BILLING_MESSAGES.overpayment)).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '5000');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Method' }), 'Card');
    await user.type(within(form).getByRole('textbox', { name: 'Reference' }), 'AUTH-42');
    await user.clear(within(form).getByLabelText('Payment date'));
    await user.type(within(form).getByLabelText('Payment date'), '2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument());
    dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' });
    expect(api.of('POST', '/invoices/f0000000-0000-4000-8000-000000000123/payments').at(-1)!.body).toEqual({ method: 'CARD', amountMinor: 500_000, reference: 'AUTH-42', paidOn: '2026-11-27' });
    expect(await within(dialog).findByText('Partly paid')).toBeInTheDocument();
    expect(within(dialog).getByText('AUTH-42')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment recorded.')).toHaveAttribute('role', 'status');

    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    form = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('6800.00');
    await user.click(within(form).getByRole('button', { name: 'Save payment' }));
    dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' });
    expect(await within(dialog).findByText('Paid', { selector: 'span *, span' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(api.of('POST', '/invoices/f0000000-0000-4000-8000-000000000123/payments').at(-1)!.body).toMatchObject({ method: 'CASH', amountMinor: 680_000 });
  });

  test('Void invoice needs a reason, sends the version shown, then offers Issue new invoice, which opens the new one', async () => {
    const api = serveInvoices([makeInvoice()], makeInvoice({ version: 3 }));
    const { user, router } = renderApp('/admin/invoices?invoice=f0000000-0000-4000-8000-000000000123', admin());
    let dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' }, FIRST_LOAD);
    await user.click(await within(dialog).findByRole('button', { name: 'Void invoice' }));
    const form = await screen.findByRole('dialog', { name: 'Void invoice' });
    await user.click(within(form).getByRole('button', { name: 'Void invoice' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Wrong vehicle');
    await user.click(within(form).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Void invoice' })).not.toBeInTheDocument());
    dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' });
    expect(api.of('POST', '/invoices/f0000000-0000-4000-8000-000000000123/void')[0].body).toEqual({ reason: 'Wrong vehicle', expectedVersion: 3 });
    await user.click(await within(dialog).findByRole('button', { name: 'Issue new invoice' }));
    expect(await screen.findByRole('dialog', { name: 'Invoice INV-2026-000124' })).toBeInTheDocument();
    expect(api.of('POST', `/appointments/${JOB}/invoice`)).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('invoice')).toBe('f0000000-0000-4000-8000-000000000124');
  });

  test('a void on a version changed meanwhile shows the server\'s 409 message in the form', async () => {
    const api = serveInvoices([makeInvoice()], makeInvoice({ version: 2 }));
    server.use(http.post(`${API}/invoices/:id/void`, () => HttpResponse.json({ message: BILLING_MESSAGES.invoiceStale }, { status: 409 })));
    const { user } = renderApp('/admin/invoices?invoice=f0000000-0000-4000-8000-000000000123', admin());
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-000123' }, FIRST_LOAD);
    await user.click(await within(dialog).findByRole('button', { name: 'Void invoice' }));
    const form = await screen.findByRole('dialog', { name: 'Void invoice' });
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await user.click(within(form).getByRole('button', { name: 'Void invoice' }));
    expect(await within(form).findByText(BILLING_MESSAGES.invoiceStale)).toBeInTheDocument();
    expect(api.of('GET', '/invoices/f0000000-0000-4000-8000-000000000123').length).toBeGreaterThan(0);
  });
});
