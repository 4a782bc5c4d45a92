import { http, HttpResponse } from 'msw';
import type { EstimateItem, InvoiceSummary, JobBilling, JobLine, ProposeItemBody, ReviseItemBody, TrackedEstimate } from '@contract/billing';
import { BILLING_MESSAGES, type DecisionChannel, type Decision, lineAmountMinor, totalsOf } from '@contract/billingTerms';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import type { SentRequest } from '../inventory/fakeInventory';

/** What the server holds of one job's billing; totals are worked out from it as the server does. */
export interface FakeJob {
  lines: JobLine[];
  items: EstimateItem[];
  invoice?: InvoiceSummary;
  taxRateBasisPoints: number;
  labourRateMinor: number;
}

export interface FakeBillingShop {
  jobs: Record<string, FakeJob>;
  /** Tracking tokens and their jobs. */
  tokens: Record<string, string>;
  /** The parts the extra-work form may propose (their sell price is the default unit price). */
  parts: Record<string, { sku: string; name: string; sellPriceMinor: number }>;
  /** Every request to the billing endpoints, in order. */
  requests: SentRequest[];
  /** The time decisions are stamped with. */
  now: string;
  /** Answers the next decision with this refusal instead (then forgets it). */
  refuseNextDecision?: { status: number; message: string };
}

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.3\n%fake invoice\n%%EOF\n');

let sequence = 0;

/** An estimate item as the server answers it (version 1, pending, no decisions, unless overridden). */
export function makeItem(overrides: Partial<EstimateItem> & Pick<EstimateItem, 'description'>): EstimateItem {
  sequence += 1;
  const quantityHundredths = overrides.quantityHundredths ?? 100;
  const unitPriceMinor = overrides.unitPriceMinor ?? 850_000;
  return {
    id: `e0000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`,
    version: 1,
    kind: 'PART',
    status: 'PENDING',
    proposedAt: '2026-11-28T04:00:00.000Z',
    proposedBy: 'Nimal Perera',
    decisions: [],
    quantityHundredths,
    unitPriceMinor,
    amountMinor: lineAmountMinor(quantityHundredths, unitPriceMinor),
    ...overrides,
  };
}

/** The booked service's line. */
export function serviceLine(description: string, amountMinor: number): JobLine {
  return { id: 'service', kind: 'LABOUR', source: 'SERVICE', description, quantityHundredths: 100, unitPriceMinor: amountMinor, amountMinor };
}

const sum = (items: readonly EstimateItem[], status: EstimateItem['status']) => items.filter((item) => item.status === status).reduce((total, item) => total + item.amountMinor, 0);

function estimateLines(job: FakeJob): JobLine[] {
  return job.items
    .filter((item) => item.status === 'APPROVED')
    .map((item) => ({
      id: `item:${item.id}`,
      kind: item.kind,
      source: 'ESTIMATE' as const,
      description: item.description,
      quantityHundredths: item.quantityHundredths,
      unitPriceMinor: item.unitPriceMinor,
      amountMinor: item.amountMinor,
    }));
}

export function billingOf(jobId: string, job: FakeJob): JobBilling {
  const lines = [...job.lines, ...estimateLines(job)];
  const totals = totalsOf(
    lines.map((line) => line.amountMinor),
    job.taxRateBasisPoints,
  );
  return {
    appointmentId: jobId,
    taxRateBasisPoints: job.taxRateBasisPoints,
    labourRateMinor: job.labourRateMinor,
    lines,
    items: job.items,
    ...totals,
    approvedMinor: sum(job.items, 'APPROVED'),
    pendingMinor: sum(job.items, 'PENDING'),
    declinedMinor: sum(job.items, 'DECLINED'),
    ...(job.invoice && { invoice: job.invoice }),
    payments: [],
    paidMinor: job.invoice?.paidMinor ?? 0,
    balanceMinor: job.invoice ? job.invoice.balanceMinor : totals.totalMinor,
  };
}

function trackedOf(job: FakeJob): TrackedEstimate {
  const billing = billingOf('', job);
  return {
    items: job.items.map(({ proposedBy: _name, ...item }) => item),
    subtotalMinor: billing.subtotalMinor,
    taxMinor: billing.taxMinor,
    totalMinor: billing.totalMinor,
    approvedMinor: billing.approvedMinor,
    pendingMinor: billing.pendingMinor,
    declinedMinor: billing.declinedMinor,
  };
}

const fail = (status: number, message: string) => HttpResponse.json({ message, success: false }, { status });

export interface BillingOptions {
  jobs: Record<string, Partial<FakeJob>>;
  tokens?: Record<string, string>;
  parts?: FakeBillingShop['parts'];
  now?: string;
}

/**
 * The billing endpoints (server/README.md § Billing) over an in-memory shop, changing it as the server does: a decision
 * is final for its version (409 alreadyDecided, itemStale), a new price or quantity makes a new pending version, only
 * an item never decided may be withdrawn. Every request is recorded for the tests to assert what was sent.
 */
export function serveBilling({ jobs, tokens = {}, parts = {}, now = '2026-11-28T05:00:00.000Z' }: BillingOptions): FakeBillingShop {
  const shop: FakeBillingShop = {
    jobs: Object.fromEntries(Object.entries(jobs).map(([id, job]) => [id, { lines: [], items: [], taxRateBasisPoints: 0, labourRateMinor: 500_000, ...job }])),
    tokens,
    parts,
    requests: [],
    now,
  };
  async function record(request: Request, path: string): Promise<unknown> {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
    shop.requests.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body });
    return body;
  }
  const findItem = (itemId: string) => {
    for (const [jobId, job] of Object.entries(shop.jobs)) {
      const item = job.items.find((candidate) => candidate.id === itemId);
      if (item) return { jobId, job, item };
    }
    return null;
  };
  function decide(itemId: string, body: { decision: Decision; expectedVersion: number }, channel: DecisionChannel): Response | null {
    const found = findItem(itemId);
    if (!found) return fail(404, BILLING_MESSAGES.itemNotFound);
    if (shop.refuseNextDecision) {
      const { status, message } = shop.refuseNextDecision;
      shop.refuseNextDecision = undefined;
      return fail(status, message);
    }
    const { item } = found;
    if (body.expectedVersion !== item.version) return fail(409, BILLING_MESSAGES.itemStale);
    if (item.status !== 'PENDING') return fail(409, BILLING_MESSAGES.alreadyDecided);
    item.status = body.decision;
    item.decisions = [
      ...item.decisions,
      {
        version: item.version,
        decision: body.decision,
        channel,
        decidedAt: shop.now,
        description: item.description,
        quantityHundredths: item.quantityHundredths,
        unitPriceMinor: item.unitPriceMinor,
        amountMinor: item.amountMinor,
      },
    ];
    return null;
  }

  server.use(
    http.get(`${API}/appointments/:id/billing`, async ({ request, params }) => {
      const jobId = String(params.id);
      await record(request, `/appointments/${jobId}/billing`);
      const job = shop.jobs[jobId];
      return job ? HttpResponse.json(billingOf(jobId, job)) : fail(404, 'Appointment not found');
    }),
    http.get(`${API}/billing/summaries`, async ({ request }) => {
      await record(request, '/billing/summaries');
      const ids = (new URL(request.url).searchParams.get('appointmentIds') ?? '').split(',');
      const items = ids
        .filter((id) => shop.jobs[id])
        .map((id) => {
          const billing = billingOf(id, shop.jobs[id]);
          const { invoice } = billing;
          return {
            appointmentId: id,
            totalMinor: billing.totalMinor,
            approvedMinor: billing.approvedMinor,
            pendingMinor: billing.pendingMinor,
            declinedMinor: billing.declinedMinor,
            pendingItems: billing.items.filter((item) => item.status === 'PENDING').length,
            ...(invoice && { invoice: { id: invoice.id, number: invoice.number, status: invoice.status, balanceMinor: invoice.balanceMinor } }),
          };
        });
      return HttpResponse.json({ items });
    }),
    http.post(`${API}/appointments/:id/estimate-items`, async ({ request, params }) => {
      const jobId = String(params.id);
      const body = (await record(request, `/appointments/${jobId}/estimate-items`)) as ProposeItemBody;
      const job = shop.jobs[jobId];
      if (!job) return fail(404, 'Appointment not found');
      const part = body.partId ? shop.parts[body.partId] : undefined;
      const unitPriceMinor = body.unitPriceMinor ?? (body.kind === 'LABOUR' ? job.labourRateMinor : (part?.sellPriceMinor ?? 0));
      job.items = [
        ...job.items,
        makeItem({
          kind: body.kind,
          description: body.description,
          ...(body.note && { note: body.note }),
          ...(part && body.partId && { part: { id: body.partId, sku: part.sku, name: part.name } }),
          quantityHundredths: body.quantityHundredths,
          unitPriceMinor,
          amountMinor: lineAmountMinor(body.quantityHundredths, unitPriceMinor),
          proposedAt: shop.now,
        }),
      ];
      return HttpResponse.json(billingOf(jobId, job), { status: 201 });
    }),
    http.patch(`${API}/estimate-items/:id`, async ({ request, params }) => {
      const body = (await record(request, `/estimate-items/${String(params.id)}`)) as ReviseItemBody;
      const found = findItem(String(params.id));
      if (!found) return fail(404, BILLING_MESSAGES.itemNotFound);
      const { jobId, job, item } = found;
      if (body.expectedVersion !== item.version) return fail(409, BILLING_MESSAGES.itemStale);
      if (item.status === 'DECLINED') return fail(409, BILLING_MESSAGES.declinedFinal);
      const quantityHundredths = body.quantityHundredths ?? item.quantityHundredths;
      const unitPriceMinor = body.unitPriceMinor ?? item.unitPriceMinor;
      const priced = quantityHundredths !== item.quantityHundredths || unitPriceMinor !== item.unitPriceMinor;
      Object.assign(item, {
        ...(body.description !== undefined && { description: body.description }),
        quantityHundredths,
        unitPriceMinor,
        amountMinor: lineAmountMinor(quantityHundredths, unitPriceMinor),
        ...(priced && { version: item.version + 1, status: 'PENDING' }),
      });
      return HttpResponse.json(billingOf(jobId, job));
    }),
    http.delete(`${API}/estimate-items/:id`, async ({ request, params }) => {
      await record(request, `/estimate-items/${String(params.id)}`);
      const found = findItem(String(params.id));
      if (!found) return fail(404, BILLING_MESSAGES.itemNotFound);
      const { jobId, job, item } = found;
      if (item.decisions.length > 0) return fail(409, BILLING_MESSAGES.onlyPendingWithdrawn);
      job.items = job.items.filter((candidate) => candidate !== item);
      return HttpResponse.json(billingOf(jobId, job));
    }),
    http.post(`${API}/estimate-items/:id/decision`, async ({ request, params }) => {
      const body = (await record(request, `/estimate-items/${String(params.id)}/decision`)) as { decision: Decision; expectedVersion: number };
      const refused = decide(String(params.id), body, 'DASHBOARD');
      if (refused) return refused;
      const { jobId, job } = findItem(String(params.id))!;
      return HttpResponse.json(billingOf(jobId, job));
    }),
    http.get(`${API}/track/:token/estimate`, async ({ request, params }) => {
      await record(request, `/track/${String(params.token)}/estimate`);
      const jobId = shop.tokens[String(params.token)];
      return jobId ? HttpResponse.json(trackedOf(shop.jobs[jobId])) : fail(404, 'Tracking link not found');
    }),
    http.post(`${API}/track/:token/estimate-items/:id/decision`, async ({ request, params }) => {
      const body = (await record(request, `/track/${String(params.token)}/estimate-items/${String(params.id)}/decision`)) as { decision: Decision; expectedVersion: number };
      const jobId = shop.tokens[String(params.token)];
      if (!jobId) return fail(404, 'Tracking link not found');
      const refused = decide(String(params.id), body, 'LINK');
      return refused ?? HttpResponse.json(trackedOf(shop.jobs[jobId]));
    }),
    http.get(`${API}/invoices/:id/pdf`, ({ request, params }) => {
      shop.requests.push({ method: 'GET', path: `/invoices/${String(params.id)}/pdf`, query: { authorization: request.headers.get('authorization') ?? '' }, body: undefined });
      const invoice = Object.values(shop.jobs).find((job) => job.invoice?.id === String(params.id))?.invoice;
      if (!invoice) return fail(404, BILLING_MESSAGES.invoiceNotFound);
      return new HttpResponse(PDF_BYTES, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${invoice.number}.pdf"` } });
    }),
  );
  return shop;
}

/** The requests of one method and path, in order. */
export function billingRequests(shop: FakeBillingShop, method: string, path: string): SentRequest[] {
  return shop.requests.filter((request) => request.method === method && request.path === path);
}

/** An issued invoice of a job. */
export function makeInvoice(appointmentId: string, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    number: 'INV-2026-000123',
    version: 1,
    status: 'ISSUED',
    appointmentId,
    customer: { id: 'u-customer', fullName: 'Alex Morgan', email: 'customer@example.com' },
    vehicle: 'Honda Civic (KD-7733)',
    serviceTypeName: 'Oil Change',
    issuedAt: '2026-11-28T06:00:00.000Z',
    dueOn: '2026-12-12',
    totalMinor: 1_350_000,
    paidMinor: 0,
    balanceMinor: 1_350_000,
    overdue: false,
    ...overrides,
  };
}
