import { http, HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import type { JobPartList, PartsShortage } from '@contract/inventory';
import { INVENTORY_MESSAGES, notEnoughStock } from '@contract/inventoryTerms';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { type FakeInventory, type FakePart, type SentRequest, fakeInventory, inventoryHandlers } from './fakeInventory';

/** A part and a quantity of it, on one job. */
export interface JobLine {
  partId: string;
  quantity: number;
}

export interface FakeJobParts {
  /** The parts and their stock per centre (GET /parts, the picker, is fakeInventory's). */
  inventory: FakeInventory;
  /** The jobs, as the server holds them now (their status and centre decide what may be recorded). */
  jobs: () => Appointment[];
  used: Record<string, JobLine[]>;
  reserved: Record<string, JobLine[]>;
  shortages: PartsShortage[];
  /** Every request to the job parts and shortages endpoints, in order. */
  requests: SentRequest[];
}

export interface JobPartsOptions {
  jobs: Appointment[] | (() => Appointment[]);
  parts: FakePart[];
  used?: Record<string, JobLine[]>;
  /** What is held for each job; the parts' `reserved` at the job's centre should include it. */
  reserved?: Record<string, JobLine[]>;
  shortages?: PartsShortage[];
}

const fail = (status: number, message: string) => HttpResponse.json({ message, success: false }, { status });

/**
 * The parts-on-jobs endpoints (server/README.md "Parts and stock") over an in-memory shop, changing it as the server
 * does: using a part takes it from the job's reservation first, then the centre's free stock (409 "Not enough stock"
 * when that is short); less returns it; only a CONFIRMED or IN_PROGRESS job takes changes (409). Served with
 * fakeInventory's GET /parts, and recorded for the tests to assert what was sent.
 */
export function serveJobParts({ jobs, parts, used = {}, reserved = {}, shortages = [] }: JobPartsOptions): FakeJobParts {
  const shop: FakeJobParts = {
    inventory: fakeInventory(parts),
    jobs: typeof jobs === 'function' ? jobs : () => jobs,
    used,
    reserved,
    shortages,
    requests: [],
  };
  const part = (id: string) => shop.inventory.parts.find((candidate) => candidate.id === id)!;
  const named = ({ partId, quantity }: JobLine) => {
    const { sku, name, unit } = part(partId);
    return { partId, sku, name, unit, quantity };
  };
  const listOf = (jobId: string): JobPartList => ({
    items: (shop.used[jobId] ?? []).map((line) => ({ ...named(line), sellPriceMinor: part(line.partId).sellPriceMinor })),
    reserved: (shop.reserved[jobId] ?? []).map(named),
  });
  async function record(request: Request, path: string): Promise<unknown> {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.clone().json();
    shop.requests.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body });
    return body;
  }

  /** The job's use of `partId` becomes `quantity`, or the server's refusal. */
  function setUsed(jobId: string, partId: string, quantity: number): Response | null {
    const job = shop.jobs().find((candidate) => candidate.id === jobId);
    if (!job) return fail(404, 'Appointment not found');
    if (job.status !== 'CONFIRMED' && job.status !== 'IN_PROGRESS') return fail(409, INVENTORY_MESSAGES.jobClosed);
    const stock = (part(partId).stock[job.center.id] ??= { onHand: 0, reserved: 0, reorderLevel: 0, reorderQuantity: 0 });
    const lines = (shop.used[jobId] ??= []);
    const current = lines.find((line) => line.partId === partId);
    const more = quantity - (current?.quantity ?? 0);
    const held = (shop.reserved[jobId] ??= []).find((line) => line.partId === partId);
    const fromHeld = Math.min(held?.quantity ?? 0, Math.max(more, 0));
    const available = stock.onHand - stock.reserved;
    if (more - fromHeld > available) return fail(409, notEnoughStock(available));
    if (held && fromHeld > 0) {
      held.quantity -= fromHeld;
      stock.reserved -= fromHeld;
      if (held.quantity === 0) shop.reserved[jobId] = shop.reserved[jobId].filter((line) => line !== held);
    }
    stock.onHand -= more;
    if (quantity === 0) shop.used[jobId] = lines.filter((line) => line.partId !== partId);
    else if (current) current.quantity = quantity;
    else lines.push({ partId, quantity });
    return null;
  }

  server.use(...inventoryHandlers(shop.inventory));
  // After fakeInventory's, so that its GET /parts/:id does not answer /parts/shortages.
  server.use(
    http.get(`${API}/parts/shortages`, async ({ request }) => {
      await record(request, '/parts/shortages');
      return HttpResponse.json({ items: shop.shortages });
    }),
    http.get(`${API}/appointments/:id/parts`, async ({ request, params }) => {
      await record(request, `/appointments/${String(params.id)}/parts`);
      return HttpResponse.json(listOf(String(params.id)));
    }),
    http.post(`${API}/appointments/:id/parts`, async ({ request, params }) => {
      const body = (await record(request, `/appointments/${String(params.id)}/parts`)) as JobLine;
      const jobId = String(params.id);
      const current = shop.used[jobId]?.find((line) => line.partId === body.partId)?.quantity ?? 0;
      return setUsed(jobId, body.partId, current + body.quantity) ?? HttpResponse.json(listOf(jobId));
    }),
    http.put(`${API}/appointments/:id/parts/:partId`, async ({ request, params }) => {
      const body = (await record(request, `/appointments/${String(params.id)}/parts/${String(params.partId)}`)) as { quantity: number };
      const jobId = String(params.id);
      return setUsed(jobId, String(params.partId), body.quantity) ?? HttpResponse.json(listOf(jobId));
    }),
  );
  return shop;
}

/** The requests of one method and path, in order. */
export function jobPartRequests(shop: FakeJobParts, method: string, path: string): SentRequest[] {
  return shop.requests.filter((request) => request.method === method && request.path === path);
}
