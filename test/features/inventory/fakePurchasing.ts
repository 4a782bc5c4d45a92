import { http, HttpResponse } from 'msw';
import type { ServiceKit } from '@contract/inventory';
import type { PurchaseOrder, ReorderSuggestion, Supplier } from '@contract/purchasing';
import { INVENTORY_MESSAGES, moreThanOrdered } from '@contract/inventoryTerms';
import { API } from '../../msw/handlers';
import { type FakeInventory, type FakePart } from './fakeInventory';

/** Suppliers, purchase orders, suggestions, kits and the CSV answers, beside a FakeInventory's parts. */
export interface FakePurchasing {
  suppliers: Supplier[];
  orders: PurchaseOrder[];
  /** What GET /parts/suggestions answers, by centre. */
  suggestions: Record<string, ReorderSuggestion[]>;
  kits: ServiceKit[];
  /** What POST /parts/import answers: a 400 body's errors, or the counts. */
  importAnswer?: { errors: Record<string, string> } | { created: number; updated: number };
  /** The CSV text GET /parts/export.csv answers. */
  exportText?: string;
  /** Orders per page of GET /purchase-orders. */
  pageSize?: number;
  /** The Authorization header of each request, in order. */
  authorizations: string[];
}

let sequence = 0;
const uuid = (prefix: string) => {
  sequence += 1;
  return `${prefix}0000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
};

export function makeSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return { id: uuid('b'), name: 'Lanka Auto Parts', contactName: 'Nimal Perera', phone: '+94 11 234 5678', email: 'orders@lankaauto.test', ...overrides };
}

/** An order of `lines` (part, quantity, received) for a supplier at a centre. */
export function makeOrder(
  supplier: Supplier,
  centerId: string,
  lines: { part: FakePart; quantity: number; received?: number; unitCostMinor?: number }[],
  overrides: Partial<PurchaseOrder> = {},
): PurchaseOrder {
  const orderLines = lines.map(({ part, quantity, received = 0, unitCostMinor = part.unitCostMinor }) => ({
    partId: part.id,
    sku: part.sku,
    name: part.name,
    unit: part.unit,
    quantity,
    unitCostMinor,
    received,
  }));
  return {
    id: uuid('c'),
    number: 1,
    version: 1,
    status: 'DRAFT',
    supplier: { id: supplier.id, name: supplier.name },
    centerId,
    lines: orderLines,
    totalMinor: orderLines.reduce((sum, line) => sum + line.quantity * line.unitCostMinor, 0),
    createdAt: '2099-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export function fakePurchasing(overrides: Partial<FakePurchasing> = {}): FakePurchasing {
  return { suppliers: [], orders: [], suggestions: {}, kits: [], authorizations: [], ...overrides };
}

const fail = (status: number, message: string, errors?: Record<string, string>) => HttpResponse.json({ message, success: false, ...(errors && { errors }) }, { status });

/**
 * The purchasing endpoints (server/README.md "Suppliers and purchase orders", "Reorder suggestions", "Kits", "CSV")
 * over `purchasing` and the parts of `inventory`, recording each request in `inventory.requests`. Put them before
 * inventoryHandlers: `/parts/suggestions` and `/parts/export.csv` would otherwise be taken for a part's id.
 */
export function purchasingHandlers(purchasing: FakePurchasing, inventory: FakeInventory) {
  async function record(request: Request, path: string): Promise<unknown> {
    const url = new URL(request.url);
    purchasing.authorizations.push(request.headers.get('authorization') ?? '');
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const json = (request.headers.get('content-type') ?? '').includes('json');
    const body = text && json ? (JSON.parse(text) as unknown) : text || undefined;
    inventory.requests.push({ method: request.method, path, query: Object.fromEntries(url.searchParams), body });
    return body;
  }
  const orderOf = (id: unknown) => purchasing.orders.find((order) => order.id === id);
  const partOf = (id: string) => inventory.parts.find((part) => part.id === id)!;
  const linesOf = (lines: { partId: string; quantity: number; unitCostMinor: number }[]) =>
    lines.map((line) => {
      const part = partOf(line.partId);
      return { partId: part.id, sku: part.sku, name: part.name, unit: part.unit, quantity: line.quantity, unitCostMinor: line.unitCostMinor, received: 0 };
    });
  const total = (order: PurchaseOrder) => order.lines.reduce((sum, line) => sum + line.quantity * line.unitCostMinor, 0);
  const nextNumber = () => Math.max(0, ...purchasing.orders.map((order) => order.number)) + 1;
  const draft = (supplierId: string, centerId: string, lines: PurchaseOrder['lines']): PurchaseOrder => {
    const supplier = purchasing.suppliers.find((s) => s.id === supplierId)!;
    const order: PurchaseOrder = {
      id: uuid('c'),
      number: nextNumber(),
      version: 1,
      status: 'DRAFT',
      supplier: { id: supplier.id, name: supplier.name },
      centerId,
      lines,
      totalMinor: 0,
      createdAt: '2099-02-02T09:00:00.000Z',
    };
    order.totalMinor = total(order);
    purchasing.orders.push(order);
    return order;
  };
  const stale = (order: PurchaseOrder, body: { expectedVersion: number }) => (order.version !== body.expectedVersion ? fail(409, INVENTORY_MESSAGES.orderStale) : null);

  return [
    http.get(`${API}/suppliers`, async ({ request }) => {
      await record(request, '/suppliers');
      return HttpResponse.json({ items: [...purchasing.suppliers].sort((a, b) => a.name.localeCompare(b.name)) });
    }),
    http.post(`${API}/suppliers`, async ({ request }) => {
      const body = (await record(request, '/suppliers')) as Omit<Supplier, 'id'>;
      if (purchasing.suppliers.some((s) => s.name.toLowerCase() === body.name.toLowerCase())) {
        return fail(400, INVENTORY_MESSAGES.duplicateSupplier, { name: INVENTORY_MESSAGES.duplicateSupplier });
      }
      const supplier = { id: uuid('b'), ...body };
      purchasing.suppliers.push(supplier);
      return HttpResponse.json(supplier, { status: 201 });
    }),
    http.put(`${API}/suppliers/:id`, async ({ request, params }) => {
      const body = (await record(request, `/suppliers/${String(params.id)}`)) as Omit<Supplier, 'id'>;
      const index = purchasing.suppliers.findIndex((s) => s.id === params.id);
      if (index < 0) return fail(404, INVENTORY_MESSAGES.supplierNotFound);
      purchasing.suppliers[index] = { id: String(params.id), ...body };
      return HttpResponse.json(purchasing.suppliers[index]);
    }),

    http.get(`${API}/parts/suggestions`, async ({ request }) => {
      await record(request, '/parts/suggestions');
      return HttpResponse.json({ items: purchasing.suggestions[new URL(request.url).searchParams.get('centerId') ?? ''] ?? [] });
    }),
    http.post(`${API}/parts/import`, async ({ request }) => {
      await record(request, '/parts/import');
      const answer = purchasing.importAnswer ?? { created: 0, updated: 0 };
      if ('errors' in answer) return fail(400, INVENTORY_MESSAGES.csvHasErrors, answer.errors);
      return HttpResponse.json(answer);
    }),
    http.get(`${API}/parts/export.csv`, async ({ request }) => {
      await record(request, '/parts/export.csv');
      return new HttpResponse(purchasing.exportText ?? 'sku,name\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="parts.csv"' },
      });
    }),

    http.get(`${API}/purchase-orders`, async ({ request }) => {
      await record(request, '/purchase-orders');
      const url = new URL(request.url);
      const status = url.searchParams.get('status');
      const items = purchasing.orders.filter((order) => !status || order.status === status).sort((a, b) => b.number - a.number);
      const size = purchasing.pageSize ?? 25;
      const start = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
      const next = start + size < items.length ? `c${start + size}` : undefined;
      return HttpResponse.json({ items: items.slice(start, start + size), ...(next && { nextCursor: next }) });
    }),
    http.post(`${API}/purchase-orders/from-suggestions`, async ({ request }) => {
      const body = (await record(request, '/purchase-orders/from-suggestions')) as { supplierId: string; centerId: string };
      const suggestions = purchasing.suggestions[body.centerId] ?? [];
      if (suggestions.length === 0) return fail(409, INVENTORY_MESSAGES.nothingToSuggest);
      const order = draft(body.supplierId, body.centerId, linesOf(suggestions.map((s) => ({ partId: s.part.id, quantity: s.suggestedQuantity, unitCostMinor: s.part.unitCostMinor }))));
      return HttpResponse.json(order, { status: 201 });
    }),
    http.post(`${API}/purchase-orders`, async ({ request }) => {
      const body = (await record(request, '/purchase-orders')) as { supplierId: string; centerId: string; lines: { partId: string; quantity: number; unitCostMinor: number }[] };
      return HttpResponse.json(draft(body.supplierId, body.centerId, linesOf(body.lines)), { status: 201 });
    }),
    http.get(`${API}/purchase-orders/:id`, async ({ request, params }) => {
      await record(request, `/purchase-orders/${String(params.id)}`);
      const order = orderOf(params.id);
      return order ? HttpResponse.json(order) : fail(404, INVENTORY_MESSAGES.orderNotFound);
    }),
    http.put(`${API}/purchase-orders/:id`, async ({ request, params }) => {
      const body = (await record(request, `/purchase-orders/${String(params.id)}`)) as {
        supplierId: string;
        centerId: string;
        expectedVersion: number;
        lines: { partId: string; quantity: number; unitCostMinor: number }[];
      };
      const order = orderOf(params.id);
      if (!order) return fail(404, INVENTORY_MESSAGES.orderNotFound);
      const refused = stale(order, body);
      if (refused) return refused;
      if (order.status !== 'DRAFT') return fail(409, INVENTORY_MESSAGES.orderNotDraft);
      const supplier = purchasing.suppliers.find((s) => s.id === body.supplierId)!;
      Object.assign(order, { supplier: { id: supplier.id, name: supplier.name }, centerId: body.centerId, lines: linesOf(body.lines), version: order.version + 1 });
      order.totalMinor = total(order);
      return HttpResponse.json(order);
    }),
    http.post(`${API}/purchase-orders/:id/order`, async ({ request, params }) => {
      const body = (await record(request, `/purchase-orders/${String(params.id)}/order`)) as { expectedVersion: number };
      const order = orderOf(params.id);
      if (!order) return fail(404, INVENTORY_MESSAGES.orderNotFound);
      const refused = stale(order, body);
      if (refused) return refused;
      Object.assign(order, { status: 'ORDERED', version: order.version + 1, orderedAt: '2099-02-02T10:00:00.000Z' });
      return HttpResponse.json(order);
    }),
    http.post(`${API}/purchase-orders/:id/cancel`, async ({ request, params }) => {
      const body = (await record(request, `/purchase-orders/${String(params.id)}/cancel`)) as { expectedVersion: number };
      const order = orderOf(params.id);
      if (!order) return fail(404, INVENTORY_MESSAGES.orderNotFound);
      const refused = stale(order, body);
      if (refused) return refused;
      if (order.status !== 'DRAFT' && order.status !== 'ORDERED') return fail(409, INVENTORY_MESSAGES.orderNotCancellable);
      Object.assign(order, { status: 'CANCELLED', version: order.version + 1 });
      return HttpResponse.json(order);
    }),
    http.post(`${API}/purchase-orders/:id/receive`, async ({ request, params }) => {
      const body = (await record(request, `/purchase-orders/${String(params.id)}/receive`)) as { lines: { partId: string; quantity: number }[] };
      const order = orderOf(params.id);
      if (!order) return fail(404, INVENTORY_MESSAGES.orderNotFound);
      if (order.status !== 'ORDERED' && order.status !== 'PARTLY_RECEIVED') return fail(409, INVENTORY_MESSAGES.orderNotOpen);
      for (const { partId, quantity } of body.lines) {
        const line = order.lines.find((l) => l.partId === partId);
        if (!line) return fail(409, INVENTORY_MESSAGES.notOnOrder);
        if (quantity > line.quantity - line.received) return fail(409, moreThanOrdered(line.quantity - line.received));
      }
      for (const { partId, quantity } of body.lines) {
        order.lines.find((l) => l.partId === partId)!.received += quantity;
        const stock = (partOf(partId).stock[order.centerId] ??= { onHand: 0, reserved: 0, reorderLevel: 0, reorderQuantity: 0 });
        stock.onHand += quantity;
      }
      order.status = order.lines.every((line) => line.received === line.quantity) ? 'RECEIVED' : 'PARTLY_RECEIVED';
      order.version += 1;
      return HttpResponse.json(order);
    }),

    http.get(`${API}/service-kits`, async ({ request }) => {
      await record(request, '/service-kits');
      return HttpResponse.json({ items: purchasing.kits });
    }),
    http.put(`${API}/service-kits/:serviceType`, async ({ request, params }) => {
      const body = (await record(request, `/service-kits/${String(params.serviceType)}`)) as { lines: { partId: string; quantity: number }[] };
      const kit: ServiceKit = {
        serviceType: String(params.serviceType),
        lines: body.lines.map(({ partId, quantity }) => {
          const part = partOf(partId);
          return { partId, sku: part.sku, name: part.name, unit: part.unit, quantity };
        }),
      };
      purchasing.kits = [...purchasing.kits.filter((k) => k.serviceType !== kit.serviceType), ...(kit.lines.length ? [kit] : [])];
      return HttpResponse.json(kit);
    }),
  ];
}
