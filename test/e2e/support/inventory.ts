import { type APIRequestContext, expect } from '@playwright/test';
import type { JobPartList, Part, PartDetail, StockChange } from '@contract/inventory';
import type { PurchaseOrder, Supplier } from '@contract/purchasing';
import type { AuthAnswer } from './api';
import { uniqueTag } from './shopSetup';

/**
 * Parts, stock, suppliers and purchase orders for end-to-end tests, made through the admin's API. The suite's server
 * starts with an empty catalogue (DEMO_DATA=0): every test makes its own parts, with a SKU no other test uses.
 */

type Answer = Awaited<ReturnType<APIRequestContext['post']>>;

async function ok<T>(what: string, response: Answer, status: number): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

const bearer = (who: AuthAnswer) => ({ authorization: `Bearer ${who.token}` });

/** POST /api/parts: a part with a SKU and name of this test's own ("E2E-OIL-1A2B3", "E2E Engine oil 1A2B3"). */
export async function createPartViaApi(request: APIRequestContext, admin: AuthAnswer, what: { sku: string; name: string; unit?: Part['unit'] }): Promise<Part> {
  const tag = uniqueTag();
  const response = await request.post('/api/parts', {
    headers: bearer(admin),
    data: { sku: `E2E-${what.sku}-${tag}`, name: `${what.name} ${tag}`, category: 'E2E', unit: what.unit ?? 'each', unitCostMinor: 150000, sellPriceMinor: 210000 },
  });
  return ok<Part>('create part', response, 201);
}

/** POST /api/parts/:id/receive. */
export async function receiveViaApi(request: APIRequestContext, admin: AuthAnswer, part: Pick<Part, 'id'>, centerId: string, quantity: number): Promise<StockChange> {
  const response = await request.post(`/api/parts/${part.id}/receive`, { headers: bearer(admin), data: { centerId, quantity } });
  return ok<StockChange>('receive', response, 201);
}

/** GET /api/parts/:id: the part with its stock at every centre. */
export async function partViaApi(request: APIRequestContext, who: AuthAnswer, part: Pick<Part, 'id'>): Promise<PartDetail> {
  return ok<PartDetail>('part', await request.get(`/api/parts/${part.id}`, { headers: bearer(who) }), 200);
}

/** PUT /api/service-kits/:serviceType: replaces the service type's kit. */
export async function setKitViaApi(request: APIRequestContext, admin: AuthAnswer, serviceType: string, lines: { partId: string; quantity: number }[]): Promise<void> {
  await ok('set kit', await request.put(`/api/service-kits/${serviceType}`, { headers: bearer(admin), data: { lines } }), 200);
}

/** POST /api/suppliers, named for this test. */
export async function createSupplierViaApi(request: APIRequestContext, admin: AuthAnswer): Promise<Supplier> {
  const response = await request.post('/api/suppliers', { headers: bearer(admin), data: { name: `E2E Supplier ${uniqueTag()}`, email: 'orders@supplier.test' } });
  return ok<Supplier>('create supplier', response, 201);
}

/** POST /api/purchase-orders and POST …/order: an ORDERED purchase order. */
export async function orderViaApi(
  request: APIRequestContext,
  admin: AuthAnswer,
  order: { supplierId: string; centerId: string; lines: { partId: string; quantity: number; unitCostMinor: number }[] },
): Promise<PurchaseOrder> {
  const draft = await ok<PurchaseOrder>('draft order', await request.post('/api/purchase-orders', { headers: bearer(admin), data: order }), 201);
  const response = await request.post(`/api/purchase-orders/${draft.id}/order`, { headers: bearer(admin), data: { expectedVersion: draft.version } });
  return ok<PurchaseOrder>('place order', response, 200);
}

/** GET /api/purchase-orders/:id. */
export async function purchaseOrderViaApi(request: APIRequestContext, admin: AuthAnswer, id: string): Promise<PurchaseOrder> {
  return ok<PurchaseOrder>('purchase order', await request.get(`/api/purchase-orders/${id}`, { headers: bearer(admin) }), 200);
}

/** GET /api/appointments/:id/parts as whoever may see the job. */
export async function jobPartsViaApi(request: APIRequestContext, who: AuthAnswer, jobId: string): Promise<JobPartList> {
  return ok<JobPartList>('job parts', await request.get(`/api/appointments/${jobId}/parts`, { headers: bearer(who) }), 200);
}
