import type { FastifyInstance } from 'fastify';
import { call, type Json, succeeded } from '../helpers/http';

let parts = 0;

/** A new part (POST /api/parts as `token`), with a unique SKU. */
export async function newPart(app: FastifyInstance, token: string, fields: Record<string, unknown> = {}): Promise<Json> {
  parts += 1;
  return succeeded(
    call(app, 'POST', '/api/parts', {
      token,
      body: { sku: `T-${Date.now().toString(36)}-${parts}`, name: `Test part ${parts}`, category: 'Filters', unit: 'each', unitCostMinor: 1250, sellPriceMinor: 1990, ...fields },
    }),
  );
}

/** Receives `quantity` of the part at `centerId`. */
export function receive(app: FastifyInstance, token: string, partId: string, centerId: string, quantity: number): Promise<Json> {
  return succeeded(call(app, 'POST', `/api/parts/${partId}/receive`, { token, body: { centerId, quantity } }));
}

/** The part's stock at every centre, by centre id. */
export async function stockOf(app: FastifyInstance, token: string, partId: string): Promise<Record<string, Json>> {
  const part = await succeeded(call(app, 'GET', `/api/parts/${partId}`, { token }));
  return Object.fromEntries(part.stock.map((level: Json) => [level.centerId, level]));
}

/** Whether on hand equals the sum of the ledger for every part and centre (read straight from the database). */
export async function ledgerMatches(app: FastifyInstance): Promise<{ partId: string; centerId: string; onHand: number; ledger: number }[]> {
  const rows = await app.db
    .selectFrom('part_stock as s')
    .leftJoin('stock_movements as m', (join) => join.onRef('m.part_id', '=', 's.part_id').onRef('m.center_id', '=', 's.center_id'))
    .select(['s.part_id', 's.center_id', 's.on_hand'])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('m.quantity'), eb.lit(0)).as('ledger'))
    .groupBy(['s.part_id', 's.center_id', 's.on_hand'])
    .execute();
  return rows
    .map((row) => ({ partId: row.part_id, centerId: row.center_id, onHand: row.on_hand, ledger: Number(row.ledger) }))
    .filter((row) => row.onHand !== row.ledger);
}
