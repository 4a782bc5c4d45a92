import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { isoAt } from '../clock';
import type { PartUnit } from '../contract/inventoryTerms';
import type { Database } from '../db/schema';
import './tables';

type Trx = Transaction<Database>;

/** SKU, name, category, unit, unit cost and sell price (LKR cents), stock at the three centres, reorder level and quantity. */
type DemoPart = [string, string, string, PartUnit, number, number, [number, number, number], number, number];

/** The demo workshop's parts list (DEMO_DATA=1), stocked at the three centres. */
export const DEMO_PARTS: readonly DemoPart[] = [
  ['OIL-5W30', 'Engine oil 5W-30 (synthetic)', 'Engine oil', 'litre', 180000, 260000, [60, 40, 30], 16, 40],
  ['OIL-0W20', 'Engine oil 0W-20 (hybrid)', 'Engine oil', 'litre', 220000, 320000, [24, 16, 12], 8, 24],
  ['OIL-10W40', 'Engine oil 10W-40', 'Engine oil', 'litre', 140000, 210000, [20, 12, 12], 8, 20],
  ['FLT-OIL-TOY', 'Oil filter (Toyota 90915-YZZE1)', 'Filters', 'each', 95000, 150000, [18, 10, 8], 4, 12],
  ['FLT-OIL-HON', 'Oil filter (Honda 15400-RTA-003)', 'Filters', 'each', 110000, 165000, [10, 8, 6], 3, 10],
  ['FLT-AIR-UNI', 'Engine air filter (universal panel)', 'Filters', 'each', 150000, 240000, [12, 8, 6], 3, 10],
  ['FLT-CAB-UNI', 'Cabin air filter (carbon)', 'Filters', 'each', 120000, 195000, [10, 6, 6], 3, 10],
  ['BRK-PAD-F', 'Brake pads, front (ceramic)', 'Brakes', 'set', 650000, 980000, [1, 6, 4], 3, 10],
  ['BRK-PAD-R', 'Brake pads, rear', 'Brakes', 'set', 520000, 790000, [6, 4, 3], 2, 6],
  ['BRK-DISC-F', 'Brake disc, front', 'Brakes', 'each', 900000, 1350000, [4, 4, 3], 2, 4],
  ['BRK-FLUID', 'Brake fluid DOT 4 (500 ml)', 'Fluids', 'each', 85000, 140000, [20, 12, 10], 4, 12],
  ['CLT-LL', 'Coolant, long life (1 L)', 'Fluids', 'litre', 90000, 145000, [16, 10, 8], 4, 12],
  ['BLB-H4', 'Headlight bulb H4', 'Bulbs', 'each', 65000, 110000, [12, 8, 6], 4, 12],
  ['BLB-H7', 'Headlight bulb H7', 'Bulbs', 'each', 70000, 120000, [10, 2, 6], 4, 12],
  ['BAT-NS40', 'Battery NS40 (35 Ah)', 'Batteries', 'each', 1850000, 2450000, [4, 3, 3], 1, 4],
  ['BAT-55D23', 'Battery 55D23L (60 Ah)', 'Batteries', 'each', 2650000, 3450000, [3, 2, 2], 1, 3],
  ['BAT-SPRAY', 'Battery terminal protector spray', 'Batteries', 'each', 45000, 80000, [12, 8, 8], 3, 10],
  ['TYR-185-65R15', 'Tyre 185/65 R15', 'Tyres', 'each', 1400000, 1850000, [8, 8, 6], 2, 8],
  ['TYR-195-65R15', 'Tyre 195/65 R15', 'Tyres', 'each', 1550000, 2050000, [8, 6, 6], 2, 8],
  ['TYR-WEIGHTS', 'Wheel balancing weights', 'Tyres', 'set', 30000, 60000, [20, 12, 10], 4, 12],
] as const;

/** The standard kit of each service type. */
export const DEMO_KITS: Record<string, [string, number][]> = {
  FULL_SERVICE: [['OIL-5W30', 4], ['FLT-OIL-TOY', 1], ['FLT-AIR-UNI', 1], ['FLT-CAB-UNI', 1]],
  OIL_CHANGE: [['OIL-5W30', 4], ['FLT-OIL-TOY', 1]],
  BRAKE_INSPECTION: [['BRK-FLUID', 1]],
  TIRE_ROTATION: [['TYR-WEIGHTS', 1]],
  BATTERY_CHECK: [['BAT-SPRAY', 1]],
  AIR_FILTER_REPLACEMENT: [['FLT-AIR-UNI', 1]],
};

/** Suppliers; the first has the open order (for the first centre, whose front brake pads are low). */
const SUPPLIERS = [
  { name: 'Lanka Auto Parts (Pvt) Ltd', contact_name: 'Dinesh Fernando', email: 'orders@lankaautoparts.example', phone: '011 255 0190' },
  { name: 'Colombo Lubricants', contact_name: 'Shalini Perera', email: 'sales@colombolubricants.example', phone: '011 244 8870' },
];

/**
 * Part of the demo seed's transaction (demo/seed.ts), after its jobs: the parts at every centre (received 45 days
 * ago, so the ledger explains the stock), kits on the six service types, the completed jobs' kits as used, the
 * confirmed and started jobs' kits reserved, two parts low (brake pads at the first centre, H7 bulbs at the second),
 * and an open order for them.
 */
export async function seedDemoInventory(trx: Trx, catalog: Catalog, nowMs: number, adminId: string): Promise<void> {
  const ids = new Map<string, string>();
  const createdAt = isoAt(nowMs - 60 * 86_400_000);
  const receivedAt = isoAt(nowMs - 45 * 86_400_000);
  for (const [sku, name, category, unit, cost, price, stock, level, quantity] of DEMO_PARTS) {
    const id = randomUUID();
    ids.set(sku, id);
    await trx.insertInto('parts').values({ id, sku, name, category, unit, unit_cost_minor: cost, sell_price_minor: price, created_at: createdAt, updated_at: createdAt }).execute();
    for (const [index, center] of catalog.centers.entries()) {
      await trx.insertInto('part_stock').values({ part_id: id, center_id: center.id, reorder_level: level, reorder_quantity: quantity }).execute();
      const units = stock[index] ?? 0;
      if (units > 0) {
        await trx
          .insertInto('stock_movements')
          .values({ part_id: id, center_id: center.id, kind: 'RECEIVED', quantity: units, reason: null, appointment_id: null, reverses_id: null, transfer_id: null, actor_id: adminId, occurred_at: receivedAt })
          .execute();
      }
    }
  }
  for (const [serviceType, lines] of Object.entries(DEMO_KITS)) {
    await trx
      .insertInto('service_kits')
      .values(lines.map(([sku, quantity]) => ({ service_type: serviceType, part_id: ids.get(sku)!, quantity })))
      .execute();
  }
  // The completed jobs used their kits, as their technicians recorded them when they finished.
  const completed = await trx
    .selectFrom('appointments')
    .select(['id', 'service_type', 'center_id', 'assigned_employee_id', 'completed_at'])
    .where('status', '=', 'COMPLETED')
    .where('assigned_employee_id', 'is not', null)
    .orderBy('completed_at')
    .execute();
  for (const job of completed) {
    const at = job.completed_at ? isoAt(job.completed_at.getTime()) : receivedAt;
    for (const [sku, quantity] of DEMO_KITS[job.service_type] ?? []) {
      const partId = ids.get(sku)!;
      await trx.insertInto('job_parts').values({ appointment_id: job.id, part_id: partId, quantity, updated_at: at }).execute();
      await trx
        .insertInto('stock_movements')
        .values({ part_id: partId, center_id: job.center_id, kind: 'USED', quantity: -quantity, reason: null, appointment_id: job.id, reverses_id: null, transfer_id: null, actor_id: job.assigned_employee_id!, occurred_at: at })
        .execute();
    }
  }
  const open = await trx.selectFrom('appointments').select('id').where('status', 'in', ['CONFIRMED', 'IN_PROGRESS']).orderBy('date').orderBy('slot').execute();
  for (const job of open) await sql`SELECT inventory_reserve_job(${job.id}::uuid)`.execute(trx);

  const supplierIds: string[] = [];
  for (const supplier of SUPPLIERS) {
    const id = randomUUID();
    supplierIds.push(id);
    await trx.insertInto('suppliers').values({ id, ...supplier, created_at: createdAt }).execute();
  }
  const orderId = randomUUID();
  const orderedAt = isoAt(nowMs - 2 * 86_400_000);
  await trx
    .insertInto('purchase_orders')
    .values({ id: orderId, supplier_id: supplierIds[0], center_id: catalog.centers[0].id, status: 'ORDERED', created_by: adminId, created_at: orderedAt, ordered_at: orderedAt, updated_at: orderedAt })
    .execute();
  await trx
    .insertInto('purchase_order_lines')
    .values([
      { order_id: orderId, part_id: ids.get('BRK-PAD-F')!, quantity: 10, unit_cost_minor: 650000 },
      { order_id: orderId, part_id: ids.get('BRK-FLUID')!, quantity: 12, unit_cost_minor: 85000 },
    ])
    .execute();
}
