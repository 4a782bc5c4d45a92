import { randomUUID } from 'node:crypto';
import { type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { PartListQuery, StockMovementKind } from '../contract/inventory';
import { likeContaining } from '../db/cursor';
import type { Database, Db } from '../db/schema';
import type { PartsTable, StockMovementsTable } from './tables';
import './tables';

export type PartRow = Selectable<PartsTable>;
type Trx = Transaction<Database>;

export interface StockRow {
  center_id: string;
  on_hand: number;
  reserved: number;
  reorder_level: number;
  reorder_quantity: number;
}

export type PartStockRow = PartRow & StockRow;

/** A movement as read: its columns (the bigint ids as text), who made it, and the movement that reversed it, if any. */
export type MovementRow = Omit<Selectable<StockMovementsTable>, 'transfer_id' | 'purchase_order_id'> & { reversed_by: string | null; actor_name: string };

export interface NewMovement {
  partId: string;
  centerId: string;
  kind: StockMovementKind;
  quantity: number;
  reason?: string;
  appointmentId?: string;
  reversesId?: string;
  transferId?: string;
  purchaseOrderId?: string;
  actorId: string;
  nowIso: string;
}


/** Parts, their stock per centre and its ledger, in SQL. Stock changes only by inserting movements. */
export class InventoryRepository {
  constructor(private readonly db: Db) {}

  /**
   * The parts whose stock at `centerId` is low: what is available is at or below a reorder level above 0. Read from
   * part_stock_low_idx (migration 0018) on its own, as the few rows they are: joined into the page's query, the planner
   * guesses a third of all rows and tests every part in SKU order instead (bench: 46 ms for 10,000 parts, none low).
   */
  async lowPartIds(centerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('part_stock')
      .select('part_id')
      .where('center_id', '=', centerId)
      .where(sql<boolean>`reorder_level > 0 AND on_hand - reserved <= reorder_level`)
      .execute();
    return rows.map((row) => row.part_id);
  }

  /** A page of parts in SKU order with their stock at `centerId`, after the keyset `after` ([sku, id]); among `only` when given. */
  page(query: PartListQuery, limit: number, after: readonly [string, string] | null, only?: readonly string[]): Promise<PartStockRow[]> {
    if (only?.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('parts as p')
      .innerJoin('part_stock as s', (join) => join.onRef('s.part_id', '=', 'p.id').on('s.center_id', '=', query.centerId))
      .selectAll('p')
      .select(['s.center_id', 's.on_hand', 's.reserved', 's.reorder_level', 's.reorder_quantity'])
      .where('p.archived_at', query.archived ? 'is not' : 'is', null)
      .$if(query.q !== undefined && query.q.trim() !== '', (qb) =>
        qb.where((eb) => eb.or([eb('p.sku', 'ilike', likeContaining(query.q!.trim())), eb('p.name', 'ilike', likeContaining(query.q!.trim()))])),
      )
      .$if(only !== undefined, (qb) => qb.where('p.id', 'in', only!))
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('p.sku', 'p.id'), '>', eb.tuple(after![0], after![1]))))
      .orderBy('p.sku')
      .orderBy('p.id')
      .limit(limit + 1)
      .execute();
  }

  find(id: string, trx: Db | Trx = this.db): Promise<PartRow | undefined> {
    return trx.selectFrom('parts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  stock(partId: string, centerIds: readonly string[], trx: Db | Trx = this.db): Promise<StockRow[]> {
    return trx
      .selectFrom('part_stock')
      .select(['center_id', 'on_hand', 'reserved', 'reorder_level', 'reorder_quantity'])
      .where('part_id', '=', partId)
      .where('center_id', 'in', [...centerIds])
      .orderBy('center_id')
      .execute();
  }

  /** The part and a stock row at every centre (nothing on hand). Refused by parts_sku_key on a taken SKU. */
  async insert(trx: Trx, part: Omit<PartRow, 'id' | 'archived_at' | 'created_at' | 'updated_at' | 'version'>, nowIso: string): Promise<PartRow> {
    const row = await trx
      .insertInto('parts')
      .values({ id: randomUUID(), ...part, created_at: nowIso, updated_at: nowIso })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('part_stock')
      .columns(['part_id', 'center_id'])
      .expression((eb) => eb.selectFrom('service_centers').select([sql.lit(row.id).as('part_id'), 'id']))
      .execute();
    return row;
  }

  /** Applies `changes` when the part is still at `expectedVersion`; undefined otherwise. */
  update(id: string, expectedVersion: number, changes: Omit<Updateable<PartsTable>, 'id' | 'created_at' | 'version' | 'updated_at'>, nowIso: string): Promise<PartRow | undefined> {
    return this.db
      .updateTable('parts')
      .set({ ...changes, updated_at: nowIso, version: sql<number>`version + 1` as unknown as number })
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst();
  }

  setLevels(partId: string, centerId: string, levels: { reorder_level: number; reorder_quantity: number }): Promise<StockRow | undefined> {
    return this.db
      .updateTable('part_stock')
      .set(levels)
      .where('part_id', '=', partId)
      .where('center_id', '=', centerId)
      .returning(['center_id', 'on_hand', 'reserved', 'reorder_level', 'reorder_quantity'])
      .executeTakeFirst();
  }

  /** Appends a movement (its trigger moves on hand, and part_stock's CHECKs refuse going below zero or reserved). */
  async addMovement(trx: Trx, movement: NewMovement): Promise<string> {
    const row = await trx
      .insertInto('stock_movements')
      .values({
        part_id: movement.partId,
        center_id: movement.centerId,
        kind: movement.kind,
        quantity: movement.quantity,
        reason: movement.reason ?? null,
        appointment_id: movement.appointmentId ?? null,
        reverses_id: movement.reversesId ?? null,
        transfer_id: movement.transferId ?? null,
        purchase_order_id: movement.purchaseOrderId ?? null,
        actor_id: movement.actorId,
        occurred_at: movement.nowIso,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private movements(trx: Db | Trx) {
    return trx
      .selectFrom('stock_movements as m')
      .innerJoin('users as u', 'u.id', 'm.actor_id')
      .leftJoin('stock_movements as r', 'r.reverses_id', 'm.id')
      .select([
        sql<string>`m.id::text`.as('id'),
        'm.part_id',
        'm.center_id',
        'm.kind',
        'm.quantity',
        'm.reason',
        'm.appointment_id',
        sql<string | null>`m.reverses_id::text`.as('reverses_id'),
        sql<string | null>`r.id::text`.as('reversed_by'),
        'm.actor_id',
        'u.full_name as actor_name',
        'm.occurred_at',
      ]);
  }

  movementsById(ids: readonly string[], trx: Db | Trx = this.db): Promise<MovementRow[]> {
    return this.movements(trx)
      .where(sql<boolean>`m.id = ANY(${sql.val(ids)}::bigint[])`)
      .orderBy('m.id')
      .execute();
  }

  /** A part's movements at a centre, newest first, after the movement `afterId`. */
  history(partId: string, centerId: string, limit: number, afterId: string | null): Promise<MovementRow[]> {
    return this.movements(this.db)
      .where('m.part_id', '=', partId)
      .where('m.center_id', '=', centerId)
      .$if(afterId !== null, (qb) => qb.where(sql<boolean>`m.id < ${afterId}::bigint`))
      .orderBy('m.id', 'desc')
      .limit(limit + 1)
      .execute();
  }

  /** The movement of `partId` with this id, locked against a concurrent reversal. */
  lockMovement(trx: Trx, partId: string, movementId: string) {
    return trx
      .selectFrom('stock_movements')
      .select(['part_id', 'center_id', 'kind', 'quantity'])
      .where(sql<boolean>`id = ${movementId}::bigint`)
      .where('part_id', '=', partId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The job row, locked: parts on one job change one request at a time, and its status and technician hold meanwhile. */
  lockJob(trx: Trx, appointmentId: string) {
    // FOR NO KEY UPDATE, as an UPDATE of the job takes: a reservation's insert (its foreign key's KEY SHARE) still passes.
    return trx.selectFrom('appointments').select(['id', 'status', 'center_id', 'assigned_employee_id', 'customer_id']).where('id', '=', appointmentId).forNoKeyUpdate().executeTakeFirst();
  }

  jobPartQuantity(trx: Trx, appointmentId: string, partId: string): Promise<number> {
    return trx
      .selectFrom('job_parts')
      .select('quantity')
      .where('appointment_id', '=', appointmentId)
      .where('part_id', '=', partId)
      .executeTakeFirst()
      .then((row) => row?.quantity ?? 0);
  }

  async setJobPart(trx: Trx, appointmentId: string, partId: string, quantity: number, nowIso: string): Promise<void> {
    if (quantity === 0) {
      await trx.deleteFrom('job_parts').where('appointment_id', '=', appointmentId).where('part_id', '=', partId).execute();
      return;
    }
    await trx
      .insertInto('job_parts')
      .values({ appointment_id: appointmentId, part_id: partId, quantity, updated_at: nowIso })
      .onConflict((oc) => oc.columns(['appointment_id', 'part_id']).doUpdateSet({ quantity, updated_at: nowIso }))
      .execute();
  }

  jobParts(appointmentId: string) {
    return this.db
      .selectFrom('job_parts as j')
      .innerJoin('parts as p', 'p.id', 'j.part_id')
      .select(['p.id', 'p.sku', 'p.name', 'p.unit', 'p.sell_price_minor', 'j.quantity'])
      .where('j.appointment_id', '=', appointmentId)
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
  }

  /** Using `quantity` of a part on a job takes it from the job's reservation first, as far as that goes. */
  async consumeReservation(trx: Trx, appointmentId: string, partId: string, quantity: number): Promise<void> {
    await trx.deleteFrom('job_reservations').where('appointment_id', '=', appointmentId).where('part_id', '=', partId).where('quantity', '<=', quantity).execute();
    await trx
      .updateTable('job_reservations')
      .set({ quantity: sql<number>`quantity - ${quantity}` as unknown as number })
      .where('appointment_id', '=', appointmentId)
      .where('part_id', '=', partId)
      .where('quantity', '>', quantity)
      .execute();
  }

  jobReservations(appointmentId: string) {
    return this.db
      .selectFrom('job_reservations as r')
      .innerJoin('parts as p', 'p.id', 'r.part_id')
      .select(['p.id', 'p.sku', 'p.name', 'p.unit', 'r.quantity'])
      .where('r.appointment_id', '=', appointmentId)
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
  }

  kits() {
    return this.db
      .selectFrom('service_kits as k')
      .innerJoin('parts as p', 'p.id', 'k.part_id')
      .select(['k.service_type', 'p.id', 'p.sku', 'p.name', 'p.unit', 'k.quantity'])
      .orderBy('k.service_type')
      .orderBy('p.sku')
      .execute();
  }

  /** Replaces a service type's kit. Jobs already confirmed keep what they reserved. */
  async replaceKit(trx: Trx, serviceType: string, lines: readonly { partId: string; quantity: number }[]): Promise<void> {
    await trx.deleteFrom('service_kits').where('service_type', '=', serviceType).execute();
    if (lines.length > 0) await trx.insertInto('service_kits').values(lines.map((line) => ({ service_type: serviceType, part_id: line.partId, quantity: line.quantity }))).execute();
  }

  /** Active parts among `ids`. */
  activeParts(trx: Trx, ids: readonly string[]): Promise<{ id: string }[]> {
    return ids.length === 0 ? Promise.resolve([]) : trx.selectFrom('parts').select('id').where('id', 'in', [...ids]).where('archived_at', 'is', null).execute();
  }

  /** Each kit line an open job is short of at its centre (contract/inventory.ts PartsShortage), earliest job first. */
  shortages() {
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('service_kits as k', 'k.service_type', 'a.service_type')
      .innerJoin('parts as p', 'p.id', 'k.part_id')
      .innerJoin('part_stock as s', (join) => join.onRef('s.part_id', '=', 'k.part_id').onRef('s.center_id', '=', 'a.center_id'))
      .leftJoin('job_parts as u', (join) => join.onRef('u.appointment_id', '=', 'a.id').onRef('u.part_id', '=', 'k.part_id'))
      .leftJoin('job_reservations as r', (join) => join.onRef('r.appointment_id', '=', 'a.id').onRef('r.part_id', '=', 'k.part_id'))
      .select([
        'a.id as appointment_id',
        'p.id as part_id',
        'p.sku',
        'p.name',
        'k.quantity as needed',
        sql<number>`coalesce(u.quantity, 0)`.as('used'),
        sql<number>`coalesce(r.quantity, 0)`.as('reserved'),
        sql<number>`s.on_hand - s.reserved`.as('available'),
      ])
      .where('a.status', 'in', ['PENDING', 'CONFIRMED', 'IN_PROGRESS'])
      .where(
        sql<boolean>`k.quantity - coalesce(u.quantity, 0) - coalesce(r.quantity, 0) > CASE WHEN a.status = 'PENDING' THEN s.on_hand - s.reserved ELSE 0 END`,
      )
      .orderBy('a.date')
      .orderBy('a.slot')
      .orderBy('a.id')
      .orderBy('p.sku')
      .execute();
  }

  /**
   * A part by SKU made or brought up to date (version + 1 when it existed), with its stock rows at every centre.
   * Answers whether it was new.
   */
  async upsertBySku(trx: Trx, part: Omit<PartRow, 'id' | 'archived_at' | 'created_at' | 'updated_at' | 'version'>, nowIso: string): Promise<boolean> {
    const row = await trx
      .insertInto('parts')
      .values({ id: randomUUID(), ...part, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) =>
        oc.constraint('parts_sku_key').doUpdateSet({
          name: part.name,
          category: part.category,
          unit: part.unit,
          unit_cost_minor: part.unit_cost_minor,
          sell_price_minor: part.sell_price_minor,
          updated_at: nowIso,
          version: sql<number>`parts.version + 1` as unknown as number,
        }),
      )
      .returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
      .executeTakeFirstOrThrow();
    if (row.inserted) {
      await trx
        .insertInto('part_stock')
        .columns(['part_id', 'center_id'])
        .expression((eb) => eb.selectFrom('service_centers').select([sql.lit(row.id).as('part_id'), 'id']))
        .execute();
    }
    return row.inserted;
  }

  /** Every part in SKU order, with its stock at `centerId` when given (the CSV export). */
  everyPart(centerId: string | undefined) {
    return this.db
      .selectFrom('parts as p')
      .leftJoin('part_stock as s', (join) => join.onRef('s.part_id', '=', 'p.id').on('s.center_id', '=', centerId ?? null))
      .selectAll('p')
      .select(['s.center_id', 's.on_hand', 's.reserved', 's.reorder_level', 's.reorder_quantity'])
      .orderBy('p.sku')
      .execute();
  }
}
