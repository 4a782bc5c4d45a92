import { call, type Json, succeeded } from '../helpers/http';
import { approvedTechnician, assigned, type Person, type Shop, verifiedCustomer } from '../helpers/shop';

/** OIL_CHANGE's catalogue price (migration 0002: 14 500 currency units) in minor units. */
export const OIL_CHANGE_MINOR = 1_450_000;

export interface Job {
  customer: Person;
  technician: Person;
  job: Json;
}

/** A job booked by a verified customer, assigned, and (unless `start` is false) started by its technician. */
export async function jobOf(shop: Shop, date: string, { start = true, technician }: { start?: boolean; technician?: Person } = {}): Promise<Job> {
  const customer = await verifiedCustomer(shop.app);
  const worker = technician ?? (await approvedTechnician(shop));
  const job = await assigned(shop, customer, worker, { date });
  if (start) await succeeded(call(shop.app, 'PATCH', `/api/appointments/${job.id}/status`, { token: worker.token, body: { status: 'in_progress' } }));
  return { customer, technician: worker, job };
}

/** Proposes an item a second after the last one (items are listed in the order they were proposed). */
export function propose(shop: Shop, token: string, jobId: string, body: Record<string, unknown>) {
  shop.clock.advance(1000);
  return call(shop.app, 'POST', `/api/appointments/${jobId}/estimate-items`, { token, body });
}

export function decide(shop: Shop, token: string, itemId: string, decision: 'APPROVED' | 'DECLINED', expectedVersion: number) {
  return call(shop.app, 'POST', `/api/estimate-items/${itemId}/decision`, { token, body: { decision, expectedVersion } });
}

export function complete(shop: Shop, token: string, jobId: string) {
  return call(shop.app, 'PATCH', `/api/appointments/${jobId}/status`, { token, body: { status: 'completed' } });
}

export async function stageOf(shop: Shop, jobId: string): Promise<string | null> {
  const row = await shop.app.db.selectFrom('appointments').select('stage').where('id', '=', jobId).executeTakeFirstOrThrow();
  return row.stage;
}

export async function trackingToken(shop: Shop, customer: Person, jobId: string): Promise<string> {
  const link = await succeeded(call(shop.app, 'GET', `/api/appointments/${jobId}/tracking-link`, { token: customer.token }));
  return link.token;
}
