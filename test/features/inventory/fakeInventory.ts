import { http, HttpResponse } from 'msw';
import type { Part, PartWithStock, StockLevel, StockMovement } from '@contract/inventory';
import { INVENTORY_MESSAGES, notEnoughStock, type PartUnit, type StockMovementKind } from '@contract/inventoryTerms';
import { API } from '../../msw/handlers';
import { catalog } from '../../msw/shop';

/** The shop's centres (the catalogue's), by name. */
export const [DOWNTOWN, NORTHSIDE, WESTGATE] = catalog.centers;

interface CentreStock {
  onHand: number;
  reserved: number;
  reorderLevel: number;
  reorderQuantity: number;
}

/** A part as this fake keeps it: the catalogue fields and its stock at each centre. */
export interface FakePart extends Part {
  stock: Record<string, CentreStock>;
}

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface FakeInventory {
  parts: FakePart[];
  movements: StockMovement[];
  requests: SentRequest[];
  /** Parts per page of GET /parts (the page asks for 25) and movements per page of a history. */
  pageSize?: number;
  /** GET /parts answers this status (and the contract's error body) instead, while set. */
  failList?: number;
}

const ADMIN = { id: 'u-admin', fullName: 'Ada Admin' };
let partSequence = 0;
let movementSequence = 100;

/** A part: an oil filter at Downtown with 12 on hand, unless overridden. */
export function makePart(overrides: Partial<Omit<FakePart, 'stock'>> & { stock?: Record<string, Partial<CentreStock>> } = {}): FakePart {
  partSequence += 1;
  const { stock = { [DOWNTOWN.id]: { onHand: 12 } }, ...fields } = overrides;
  return {
    id: `a0000000-0000-4000-8000-${partSequence.toString(16).padStart(12, '0')}`,
    version: 1,
    sku: `PART-${partSequence}`,
    name: `Part ${partSequence}`,
    category: 'Filters',
    unit: 'each' as PartUnit,
    unitCostMinor: 80000,
    sellPriceMinor: 125050,
    archived: false,
    ...fields,
    stock: Object.fromEntries(Object.entries(stock).map(([centre, level]) => [centre, { onHand: 0, reserved: 0, reorderLevel: 0, reorderQuantity: 0, ...level }])),
  };
}

/** A movement in a part's history (newest first by id, as the server pages them). */
export function makeMovement(part: FakePart, kind: StockMovementKind, quantity: number, overrides: Partial<StockMovement> = {}): StockMovement {
  movementSequence += 1;
  return {
    id: String(movementSequence),
    partId: part.id,
    centerId: DOWNTOWN.id,
    kind,
    quantity,
    actor: ADMIN,
    occurredAt: new Date(Date.UTC(2099, 0, 5, 9, 0) + movementSequence * 60_000).toISOString(),
    ...overrides,
  };
}

export function fakeInventory(parts: FakePart[], movements: StockMovement[] = []): FakeInventory {
  return { parts, movements, requests: [] };
}

function levelAt(part: FakePart, centerId: string): StockLevel {
  const stock = part.stock[centerId] ?? { onHand: 0, reserved: 0, reorderLevel: 0, reorderQuantity: 0 };
  const available = stock.onHand - stock.reserved;
  return { centerId, ...stock, available, low: stock.reorderLevel > 0 && available <= stock.reorderLevel };
}

function withStock(part: FakePart, centerId: string): PartWithStock {
  const { stock: _stock, ...fields } = part;
  return { ...fields, stock: levelAt(part, centerId) };
}

const fail = (status: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ message, success: false, ...(errors && { errors }) }, { status });

/** One page of `items` from the cursor (an index, as this fake writes it). */
function pageOf<T>(items: T[], url: URL, pageSize: number) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? pageSize), pageSize);
  const start = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
  const slice = items.slice(start, start + limit);
  const next = start + limit < items.length ? `c${start + limit}` : undefined;
  return next ? { items: slice, nextCursor: next } : { items: slice };
}

/**
 * The Parts and stock endpoints (server/README.md) over `inventory`, which they change as the server would: stock
 * that would fall below what is reserved is refused with its 409, a stale version with its 409, a duplicate SKU with
 * its field error. Every request is recorded (method, path, query, body) for the tests to assert what was sent.
 */
export function inventoryHandlers(inventory: FakeInventory) {
  const pageSize = () => inventory.pageSize ?? 25;
  const find = (id: unknown) => inventory.parts.find((part) => part.id === id);
  async function record(request: Request, path: string): Promise<unknown> {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.clone().json();
    inventory.requests.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body });
    return body;
  }
  function move(part: FakePart, centerId: string, kind: StockMovementKind, quantity: number, extra: Partial<StockMovement> = {}): StockMovement {
    const stock = (part.stock[centerId] ??= { onHand: 0, reserved: 0, reorderLevel: 0, reorderQuantity: 0 });
    stock.onHand += quantity;
    const movement = makeMovement(part, kind, quantity, { centerId, occurredAt: new Date(Date.UTC(2099, 1, 1, 10, 0) + inventory.movements.length * 60_000).toISOString(), ...extra });
    inventory.movements.push(movement);
    return movement;
  }
  const shortOf = (part: FakePart, centerId: string, quantity: number) => {
    const level = levelAt(part, centerId);
    return quantity < 0 && level.onHand + quantity < level.reserved ? fail(409, notEnoughStock(level.available)) : null;
  };
  const change = (part: FakePart, movements: StockMovement[]) =>
    HttpResponse.json({ movements, stock: [...new Set(movements.map((m) => m.centerId))].map((centre) => levelAt(part, centre)) }, { status: 201 });

  return [
    // Not a part's id: the Low stock filter's reorder suggestions (test/features/inventory/fakePurchasing.ts serves some).
    http.get(`${API}/parts/suggestions`, () => HttpResponse.json({ items: [] })),
    http.get(`${API}/parts`, async ({ request }) => {
      await record(request, '/parts');
      if (inventory.failList) return fail(inventory.failList, 'Something went wrong');
      const url = new URL(request.url);
      const params = url.searchParams;
      const centerId = params.get('centerId') ?? '';
      const q = (params.get('q') ?? '').toLowerCase();
      const archived = params.get('archived') === 'true';
      const items = inventory.parts
        .filter((part) => part.archived === archived)
        .filter((part) => !q || part.sku.toLowerCase().includes(q) || part.name.toLowerCase().includes(q))
        .map((part) => withStock(part, centerId))
        .filter((part) => params.get('lowStock') !== 'true' || part.stock.low)
        .sort((a, b) => a.sku.localeCompare(b.sku));
      return HttpResponse.json(pageOf(items, url, pageSize()));
    }),
    http.get(`${API}/parts/:id`, async ({ request, params }) => {
      await record(request, `/parts/${String(params.id)}`);
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      const { stock: _stock, ...fields } = part;
      return HttpResponse.json({ ...fields, stock: catalog.centers.map((centre) => levelAt(part, centre.id)) });
    }),
    http.post(`${API}/parts`, async ({ request }) => {
      const body = (await record(request, '/parts')) as Omit<Part, 'id' | 'version' | 'archived'>;
      const sku = body.sku.trim().toUpperCase();
      if (inventory.parts.some((part) => part.sku === sku)) return fail(400, INVENTORY_MESSAGES.duplicateSku, { sku: INVENTORY_MESSAGES.duplicateSku });
      const part = makePart({ ...body, sku, stock: {} });
      inventory.parts.push(part);
      const { stock: _stock, ...created } = part;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/parts/:id`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}`)) as Partial<Part> & { expectedVersion: number };
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      if (body.expectedVersion !== part.version) return fail(409, INVENTORY_MESSAGES.stale);
      const { expectedVersion: _version, ...fields } = body;
      Object.assign(part, fields, { version: part.version + 1 });
      const { stock: _stock, ...saved } = part;
      return HttpResponse.json(saved);
    }),
    http.put(`${API}/parts/:id/stock/:centerId`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}/stock/${String(params.centerId)}`)) as { reorderLevel: number; reorderQuantity: number };
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      const centre = String(params.centerId);
      part.stock[centre] = { ...(part.stock[centre] ?? { onHand: 0, reserved: 0 }), ...body };
      return HttpResponse.json(levelAt(part, centre));
    }),
    http.post(`${API}/parts/:id/receive`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}/receive`)) as { centerId: string; quantity: number };
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      if (part.archived) return fail(409, INVENTORY_MESSAGES.archived);
      return change(part, [move(part, body.centerId, 'RECEIVED', body.quantity)]);
    }),
    http.post(`${API}/parts/:id/adjust`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}/adjust`)) as { centerId: string; quantity: number; reason: string };
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      const refused = shortOf(part, body.centerId, body.quantity);
      if (refused) return refused;
      return change(part, [move(part, body.centerId, 'ADJUSTED', body.quantity, { reason: body.reason })]);
    }),
    http.post(`${API}/parts/:id/transfer`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}/transfer`)) as { fromCenterId: string; toCenterId: string; quantity: number };
      const part = find(params.id);
      if (!part) return fail(404, INVENTORY_MESSAGES.partNotFound);
      if (body.fromCenterId === body.toCenterId) return fail(400, INVENTORY_MESSAGES.sameCenter, { toCenterId: INVENTORY_MESSAGES.sameCenter });
      const refused = shortOf(part, body.fromCenterId, -body.quantity);
      if (refused) return refused;
      return change(part, [move(part, body.fromCenterId, 'TRANSFER_OUT', -body.quantity), move(part, body.toCenterId, 'TRANSFER_IN', body.quantity)]);
    }),
    http.post(`${API}/parts/:id/movements/:movementId/reverse`, async ({ request, params }) => {
      const body = (await record(request, `/parts/${String(params.id)}/movements/${String(params.movementId)}/reverse`)) as { reason: string };
      const part = find(params.id);
      const original = inventory.movements.find((movement) => movement.id === params.movementId && movement.partId === params.id);
      if (!part || !original) return fail(404, INVENTORY_MESSAGES.movementNotFound);
      if (original.kind !== 'RECEIVED' && original.kind !== 'ADJUSTED') return fail(409, INVENTORY_MESSAGES.notReversible);
      if (original.reversedBy) return fail(409, INVENTORY_MESSAGES.alreadyReversed);
      const refused = shortOf(part, original.centerId, -original.quantity);
      if (refused) return refused;
      const reversal = move(part, original.centerId, 'REVERSAL', -original.quantity, { reason: body.reason, reversesId: original.id });
      original.reversedBy = reversal.id;
      return change(part, [reversal]);
    }),
    http.get(`${API}/parts/:id/movements`, async ({ request, params }) => {
      await record(request, `/parts/${String(params.id)}/movements`);
      const url = new URL(request.url);
      const centerId = url.searchParams.get('centerId');
      const items = inventory.movements
        .filter((movement) => movement.partId === params.id && movement.centerId === centerId)
        .sort((a, b) => Number(b.id) - Number(a.id));
      return HttpResponse.json(pageOf(items, url, inventory.pageSize ?? 20));
    }),
  ];
}

/** The requests of one method and path, in order. */
export function sent(inventory: FakeInventory, method: string, path: string | RegExp): SentRequest[] {
  return inventory.requests.filter((request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)));
}
