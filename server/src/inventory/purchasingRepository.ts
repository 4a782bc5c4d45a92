import { randomUUID } from 'node:crypto';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { PurchaseOrderStatus } from '../contract/inventoryTerms';
import type { Database, Db } from '../db/schema';
import type { PurchaseOrdersTable, SuppliersTable } from './tables';
import './tables';

type Trx = Transaction<Database>;
export type SupplierRow = Selectable<SuppliersTable>;
export type OrderRow = Selectable<PurchaseOrdersTable> & { supplier_name: string };

export interface OrderLineRow {
  order_id: string;
  part_id: string;
  sku: string;
  name: string;
  unit: Selectable<Database['parts']>['unit'];
  quantity: number;
  unit_cost_minor: number;
  received: number;
}

export interface SuggestionRow {
  part_id: string;
  on_order: number;
  demand: number;
}

/** Suppliers, purchase orders and their lines in SQL. */
export class PurchasingRepository {
  constructor(private readonly db: Db) {}

  suppliers(): Promise<SupplierRow[]> {
    return this.db.selectFrom('suppliers').selectAll().orderBy('name').orderBy('id').execute();
  }

  supplier(id: string, trx: Db | Trx = this.db): Promise<SupplierRow | undefined> {
    return trx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Refused by suppliers_name_key on a taken name. */
  insertSupplier(fields: Omit<SupplierRow, 'id' | 'created_at'>, nowIso: string): Promise<SupplierRow> {
    return this.db.insertInto('suppliers').values({ id: randomUUID(), ...fields, created_at: nowIso }).returningAll().executeTakeFirstOrThrow();
  }

  updateSupplier(id: string, fields: Omit<SupplierRow, 'id' | 'created_at'>): Promise<SupplierRow | undefined> {
    return this.db.updateTable('suppliers').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
  }

  private orders(trx: Db | Trx) {
    return trx
      .selectFrom('purchase_orders as o')
      .innerJoin('suppliers as s', 's.id', 'o.supplier_id')
      .selectAll('o')
      .select([sql<string>`o.number::text`.as('number'), 's.name as supplier_name']);
  }

  order(id: string, trx: Db | Trx = this.db): Promise<OrderRow | undefined> {
    return this.orders(trx).where('o.id', '=', id).executeTakeFirst();
  }

  /** The order's row, locked: its status, lines and receipts change one request at a time. */
  lockOrder(trx: Trx, id: string) {
    return trx.selectFrom('purchase_orders').select(['id', 'status', 'version', 'center_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Newest (highest number) first, after the order numbered `afterNumber`. */
  page(status: PurchaseOrderStatus | undefined, limit: number, afterNumber: string | null): Promise<OrderRow[]> {
    return this.orders(this.db)
      .$if(status !== undefined, (qb) => qb.where('o.status', '=', status!))
      .$if(afterNumber !== null, (qb) => qb.where(sql<boolean>`o.number < ${afterNumber}::bigint`))
      .orderBy('o.number', 'desc')
      .limit(limit + 1)
      .execute();
  }

  lines(orderIds: readonly string[], trx: Db | Trx = this.db): Promise<OrderLineRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('purchase_order_lines as l')
      .innerJoin('parts as p', 'p.id', 'l.part_id')
      .select(['l.order_id', 'l.part_id', 'p.sku', 'p.name', 'p.unit', 'l.quantity', 'l.unit_cost_minor', 'l.received'])
      .where('l.order_id', 'in', [...orderIds])
      .orderBy('p.sku')
      .execute();
  }

  async insertOrder(trx: Trx, order: { supplierId: string; centerId: string; createdBy: string; nowIso: string }): Promise<string> {
    const id = randomUUID();
    await trx
      .insertInto('purchase_orders')
      .values({ id, supplier_id: order.supplierId, center_id: order.centerId, status: 'DRAFT', created_by: order.createdBy, created_at: order.nowIso, updated_at: order.nowIso })
      .execute();
    return id;
  }

  async replaceLines(trx: Trx, orderId: string, lines: readonly { partId: string; quantity: number; unitCostMinor: number }[]): Promise<void> {
    await trx.deleteFrom('purchase_order_lines').where('order_id', '=', orderId).execute();
    if (lines.length > 0) {
      await trx
        .insertInto('purchase_order_lines')
        .values(lines.map((line) => ({ order_id: orderId, part_id: line.partId, quantity: line.quantity, unit_cost_minor: line.unitCostMinor })))
        .execute();
    }
  }

  /** Applies `changes` when the order is still at `expectedVersion` (any version when null); false otherwise. */
  async updateOrder(
    trx: Trx,
    id: string,
    expectedVersion: number | null,
    changes: { status?: PurchaseOrderStatus; supplier_id?: string; center_id?: string; ordered_at?: string },
    nowIso: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('purchase_orders')
      .set({ ...changes, updated_at: nowIso, version: sql<number>`version + 1` as unknown as number })
      .where('id', '=', id)
      .$if(expectedVersion !== null, (qb) => qb.where('version', '=', expectedVersion!))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addReceived(trx: Trx, orderId: string, partId: string, quantity: number): Promise<void> {
    await trx
      .updateTable('purchase_order_lines')
      .set({ received: sql<number>`received + ${quantity}` as unknown as number })
      .where('order_id', '=', orderId)
      .where('part_id', '=', partId)
      .execute();
  }

  /**
   * At a centre: what is on order per part (open orders' outstanding units) and what open jobs booked from `fromDate`
   * to before `toDate` still need of their kits beyond their reservations. Parts with neither are left out.
   */
  async onOrderAndDemand(centerId: string, fromDate: string, toDate: string): Promise<SuggestionRow[]> {
    const { rows } = await sql<SuggestionRow>`
      WITH on_order AS (
        SELECT l.part_id, sum(l.quantity - l.received)::int AS quantity
          FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.order_id
         WHERE o.center_id = ${centerId} AND o.status IN ('ORDERED', 'PARTLY_RECEIVED')
         GROUP BY l.part_id
      ), demand AS (
        SELECT k.part_id, sum(greatest(k.quantity - coalesce(u.quantity, 0) - coalesce(r.quantity, 0), 0))::int AS quantity
          FROM appointments a
          JOIN service_kits k ON k.service_type = a.service_type
          LEFT JOIN job_parts u ON u.appointment_id = a.id AND u.part_id = k.part_id
          LEFT JOIN job_reservations r ON r.appointment_id = a.id AND r.part_id = k.part_id
         WHERE a.center_id = ${centerId} AND a.status IN ('PENDING', 'CONFIRMED', 'IN_PROGRESS')
           AND a.date >= ${fromDate}::date AND a.date < ${toDate}::date
         GROUP BY k.part_id
      )
      SELECT coalesce(o.part_id, d.part_id) AS part_id, coalesce(o.quantity, 0) AS on_order, coalesce(d.quantity, 0) AS demand
        FROM on_order o FULL JOIN demand d ON d.part_id = o.part_id`.execute(this.db);
    return rows;
  }

  /** Active parts at a centre whose stock is at or below a reorder level above 0, or that jobs need: candidates to reorder. */
  candidates(centerId: string, partIds: readonly string[]) {
    return this.db
      .selectFrom('parts as p')
      .innerJoin('part_stock as s', (join) => join.onRef('s.part_id', '=', 'p.id').on('s.center_id', '=', centerId))
      .selectAll('p')
      .select(['s.center_id', 's.on_hand', 's.reserved', 's.reorder_level', 's.reorder_quantity'])
      .where('p.archived_at', 'is', null)
      .where((eb) => eb.or([eb('s.reorder_level', '>', 0), ...(partIds.length > 0 ? [eb('p.id', 'in', [...partIds])] : [])]))
      .orderBy('p.sku')
      .execute();
  }
}
