import { randomUUID } from 'node:crypto';
import type { Appointments } from '../appointments/service';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { APPOINTMENT_MESSAGES } from '../contract/appointments';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import {
  type AddJobPartBody,
  type AdjustBody,
  INVENTORY_MESSAGES,
  type JobPartList,
  type PartsShortage,
  type ServiceKit,
  type ServiceKitBody,
  type MovementListQuery,
  type NewPartBody,
  notEnoughStock,
  type Part,
  type PartListQuery,
  type PartPatch,
  type PartWithStock,
  type ReceiveBody,
  type StockChange,
  type StockLevel,
  type StockMovement,
  type StockSettingsBody,
  type TransferBody,
} from '../contract/inventory';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import { ConflictError, invalidField, NotFoundError } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';
import { type CsvPart, partsCsv } from './csv';
import { InventoryRepository, type MovementRow, type NewMovement, type PartRow, type StockRow } from './repository';
import type { Transaction } from 'kysely';

/** The CHECKs of part_stock that a movement taking too much breaks. */
const SHORT_OF_STOCK = ['part_stock_on_hand_not_negative', 'part_stock_reserved_within_on_hand'];
/** Jobs whose parts can still change. */
const OPEN_FOR_PARTS = new Set(['CONFIRMED', 'IN_PROGRESS']);

export function toPart(row: PartRow): Part {
  return {
    id: row.id,
    version: row.version,
    sku: row.sku,
    name: row.name,
    category: row.category,
    unit: row.unit,
    unitCostMinor: row.unit_cost_minor,
    sellPriceMinor: row.sell_price_minor,
    archived: row.archived_at !== null,
  };
}

export function toStock(row: StockRow): StockLevel {
  const available = row.on_hand - row.reserved;
  return {
    centerId: row.center_id,
    onHand: row.on_hand,
    reserved: row.reserved,
    available,
    reorderLevel: row.reorder_level,
    reorderQuantity: row.reorder_quantity,
    low: row.reorder_level > 0 && available <= row.reorder_level,
  };
}

function toMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    partId: row.part_id,
    centerId: row.center_id,
    kind: row.kind,
    quantity: row.quantity,
    ...(row.reason !== null && { reason: row.reason }),
    ...(row.appointment_id !== null && { appointmentId: row.appointment_id }),
    ...(row.reverses_id !== null && { reversesId: row.reverses_id }),
    ...(row.reversed_by !== null && { reversedBy: row.reversed_by }),
    actor: { id: row.actor_id, fullName: row.actor_name },
    occurredAt: toIso(row.occurred_at),
  };
}

/** SKUs are compared and stored upper-case, trimmed. */
export function normaliseSku(sku: string): string {
  return sku.trim().toUpperCase();
}

/**
 * The parts catalogue and its stock (contract/inventory.ts). Stock changes only as movements appended to the ledger,
 * each moving on hand in the same transaction (sql/30_ledger.sql); part_stock's CHECKs are what refuse taking more
 * than there is, so two requests can never both take the last unit, whatever code path they come by.
 */
export class Inventory {
  /** Shared with purchasing, whose receipts are movements too. */
  readonly repository: InventoryRepository;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly appointments: Pick<Appointments, 'get'>,
    private readonly now: Clock,
  ) {
    this.repository = new InventoryRepository(db);
  }

  async list(query: PartListQuery): Promise<Page<PartWithStock>> {
    this.center(query.centerId, 'centerId');
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.parts) : null;
    const only = query.lowStock === true ? await this.repository.lowPartIds(query.centerId) : undefined;
    const rows = await this.repository.page(query, limit, after, only);
    return toPage(rows, limit, (row) => [row.sku, row.id], (row) => ({ ...toPart(row), stock: toStock(row) }));
  }

  async get(id: string): Promise<Part & { stock: StockLevel[] }> {
    const part = await this.part(id);
    const stock = await this.repository.stock(id, this.catalog.centers.map((center) => center.id));
    return { ...toPart(part), stock: stock.map(toStock) };
  }

  async create(body: NewPartBody): Promise<Part> {
    try {
      const row = await transact(this.db, (trx) =>
        this.repository.insert(
          trx,
          {
            sku: normaliseSku(body.sku),
            name: body.name.trim(),
            category: body.category.trim(),
            unit: body.unit,
            unit_cost_minor: body.unitCostMinor,
            sell_price_minor: body.sellPriceMinor,
          },
          isoAt(this.now()),
        ),
      );
      return toPart(row);
    } catch (error) {
      if (violates(error, 'parts_sku_key')) throw invalidField('sku', INVENTORY_MESSAGES.duplicateSku);
      throw error;
    }
  }

  async update(id: string, { expectedVersion, archived, ...fields }: PartPatch): Promise<Part> {
    const current = await this.part(id);
    const nowIso = isoAt(this.now());
    try {
      const row = await this.repository.update(
        id,
        expectedVersion,
        {
          ...(fields.sku !== undefined && { sku: normaliseSku(fields.sku) }),
          ...(fields.name !== undefined && { name: fields.name.trim() }),
          ...(fields.category !== undefined && { category: fields.category.trim() }),
          ...(fields.unit !== undefined && { unit: fields.unit }),
          ...(fields.unitCostMinor !== undefined && { unit_cost_minor: fields.unitCostMinor }),
          ...(fields.sellPriceMinor !== undefined && { sell_price_minor: fields.sellPriceMinor }),
          ...(archived !== undefined && { archived_at: archived ? (current.archived_at === null ? nowIso : toIso(current.archived_at)) : null }),
        },
        nowIso,
      );
      if (!row) throw new ConflictError(INVENTORY_MESSAGES.stale);
      return toPart(row);
    } catch (error) {
      if (violates(error, 'parts_sku_key')) throw invalidField('sku', INVENTORY_MESSAGES.duplicateSku);
      throw error;
    }
  }

  async setLevels(id: string, centerId: string, body: StockSettingsBody): Promise<StockLevel> {
    await this.part(id);
    this.center(centerId, 'centerId', true);
    const row = await this.repository.setLevels(id, centerId, { reorder_level: body.reorderLevel, reorder_quantity: body.reorderQuantity });
    if (!row) throw new NotFoundError(INVENTORY_MESSAGES.centerNotFound);
    return toStock(row);
  }

  receive(actor: Viewer, id: string, body: ReceiveBody): Promise<StockChange> {
    this.center(body.centerId, 'centerId');
    return this.move(id, [body.centerId], (base) => [{ ...base, centerId: body.centerId, kind: 'RECEIVED', quantity: body.quantity }], actor);
  }

  adjust(actor: Viewer, id: string, body: AdjustBody): Promise<StockChange> {
    this.center(body.centerId, 'centerId');
    if (body.quantity === 0) throw invalidField('quantity', 'Quantity cannot be 0');
    return this.move(id, [body.centerId], (base) => [{ ...base, centerId: body.centerId, kind: 'ADJUSTED', quantity: body.quantity, reason: body.reason.trim() }], actor);
  }

  transfer(actor: Viewer, id: string, body: TransferBody): Promise<StockChange> {
    this.center(body.fromCenterId, 'fromCenterId');
    this.center(body.toCenterId, 'toCenterId');
    if (body.fromCenterId === body.toCenterId) throw invalidField('toCenterId', INVENTORY_MESSAGES.sameCenter);
    const transferId = randomUUID();
    return this.move(
      id,
      [body.fromCenterId, body.toCenterId],
      (base) => [
        { ...base, centerId: body.fromCenterId, kind: 'TRANSFER_OUT', quantity: -body.quantity, transferId },
        { ...base, centerId: body.toCenterId, kind: 'TRANSFER_IN', quantity: body.quantity, transferId },
      ],
      actor,
    );
  }

  /** A receipt or an adjustment undone by its opposite, with the reason; each movement is reversed at most once. */
  async reverse(actor: Viewer, id: string, movementId: string, reason: string): Promise<StockChange> {
    const part = await this.part(id);
    let centerId = '';
    const change = await this.appendOrRefuse(part.id, () => centerId, async (trx) => {
      const original = await this.repository.lockMovement(trx, part.id, movementId);
      if (!original) throw new NotFoundError(INVENTORY_MESSAGES.movementNotFound);
      if (original.kind !== 'RECEIVED' && original.kind !== 'ADJUSTED') throw new ConflictError(INVENTORY_MESSAGES.notReversible);
      centerId = original.center_id;
      try {
        return [await this.repository.addMovement(trx, { partId: part.id, centerId, kind: 'REVERSAL', quantity: -original.quantity, reason: reason.trim(), reversesId: movementId, actorId: actor.id, nowIso: isoAt(this.now()) })];
      } catch (error) {
        if (violates(error, 'stock_movements_reverses_once')) throw new ConflictError(INVENTORY_MESSAGES.alreadyReversed);
        throw error;
      }
    });
    return change(() => [centerId]);
  }

  async history(id: string, query: MovementListQuery): Promise<Page<StockMovement>> {
    await this.part(id);
    this.center(query.centerId, 'centerId');
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.stockMovements)[0] : null;
    const rows = await this.repository.history(id, query.centerId, limit, after);
    return toPage(rows, limit, (row) => [row.id], toMovement);
  }

  /** The parts used on a job and what is reserved for it, for whoever may see the job (404 for anyone else). */
  async jobParts(viewer: Viewer, appointmentId: string): Promise<JobPartList> {
    await this.appointments.get(viewer, appointmentId);
    const [used, reserved] = await Promise.all([this.repository.jobParts(appointmentId), this.repository.jobReservations(appointmentId)]);
    return {
      items: used.map((row) => ({ partId: row.id, sku: row.sku, name: row.name, unit: row.unit, quantity: row.quantity, sellPriceMinor: row.sell_price_minor })),
      reserved: reserved.map((row) => ({ partId: row.id, sku: row.sku, name: row.name, unit: row.unit, quantity: row.quantity })),
    };
  }

  /** Adds `quantity` of a part to what the job used (taken from its centre's stock). */
  addJobPart(viewer: Viewer, appointmentId: string, body: AddJobPartBody): Promise<JobPartList> {
    return this.changeJobPart(viewer, appointmentId, body.partId, (used) => used + body.quantity);
  }

  /** Sets what the job used of a part: more takes from stock, less returns it. */
  setJobPart(viewer: Viewer, appointmentId: string, partId: string, quantity: number): Promise<JobPartList> {
    return this.changeJobPart(viewer, appointmentId, partId, () => quantity);
  }

  private async changeJobPart(viewer: Viewer, appointmentId: string, partId: string, next: (used: number) => number): Promise<JobPartList> {
    // Whoever may not see the job gets the same 404 as for a job that does not exist.
    const job = await this.appointments.get(viewer, appointmentId);
    const part = await this.repository.find(partId);
    if (!part) throw new NotFoundError(INVENTORY_MESSAGES.partNotFound);
    const centerId = job.center.id;
    const change = await this.appendOrRefuse(partId, () => centerId, async (trx) => {
      const locked = await this.repository.lockJob(trx, appointmentId);
      if (!locked) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
      if (viewer.role !== 'ADMIN' && locked.assigned_employee_id !== viewer.id) throw new ConflictError(INVENTORY_MESSAGES.notYourJob);
      if (!OPEN_FOR_PARTS.has(locked.status)) throw new ConflictError(INVENTORY_MESSAGES.jobClosed);
      const used = await this.repository.jobPartQuantity(trx, appointmentId, partId);
      const wanted = next(used);
      if (wanted > used && part.archived_at !== null) throw new ConflictError(INVENTORY_MESSAGES.archived);
      const nowIso = isoAt(this.now());
      await this.repository.setJobPart(trx, appointmentId, partId, wanted, nowIso);
      if (wanted === used) return [];
      // What is used comes out of the job's own reservation first (before the movement, so reserved ≤ on hand holds).
      if (wanted > used) await this.repository.consumeReservation(trx, appointmentId, partId, wanted - used);
      const kind = wanted > used ? 'USED' : 'RETURNED';
      return [await this.repository.addMovement(trx, { partId, centerId: locked.center_id, kind, quantity: used - wanted, appointmentId, actorId: viewer.id, nowIso })];
    });
    await change(() => [centerId]);
    return this.jobParts(viewer, appointmentId);
  }

  /** Every row of an imported file made or brought up to date by SKU, in one transaction: all or nothing. */
  async importParts(parts: readonly CsvPart[]): Promise<{ created: number; updated: number }> {
    const nowIso = isoAt(this.now());
    let created = 0;
    await transact(this.db, async (trx) => {
      created = 0;
      for (const { part } of parts) {
        const isNew = await this.repository.upsertBySku(
          trx,
          { sku: normaliseSku(part.sku), name: part.name.trim(), category: part.category.trim(), unit: part.unit, unit_cost_minor: part.unitCostMinor, sell_price_minor: part.sellPriceMinor },
          nowIso,
        );
        if (isNew) created += 1;
      }
    });
    return { created, updated: parts.length - created };
  }

  /** The whole catalogue as CSV, with the stock at `centerId` when given. */
  async exportParts(centerId: string | undefined): Promise<string> {
    if (centerId !== undefined) this.center(centerId, 'centerId');
    const rows = await this.repository.everyPart(centerId);
    return partsCsv(
      rows.map((row) => ({ ...toPart(row), ...(row.center_id !== null && { stock: toStock(row as StockRow) }) })),
      centerId !== undefined,
    );
  }

  /** Every service type's kit (types without one are left out). */
  async kits(): Promise<ServiceKit[]> {
    const kits = new Map<string, ServiceKit>();
    for (const row of await this.repository.kits()) {
      const kit = kits.get(row.service_type) ?? { serviceType: row.service_type, lines: [] };
      kit.lines.push({ partId: row.id, sku: row.sku, name: row.name, unit: row.unit, quantity: row.quantity });
      kits.set(row.service_type, kit);
    }
    return [...kits.values()];
  }

  /** Replaces a service type's kit; its parts must be active and each listed once. Jobs confirmed before keep theirs. */
  async setKit(serviceType: string, { lines }: ServiceKitBody): Promise<ServiceKit> {
    if (!this.catalog.serviceType(serviceType)) throw new NotFoundError(INVENTORY_MESSAGES.serviceTypeNotFound);
    const ids = lines.map((line) => line.partId);
    if (new Set(ids).size !== ids.length) throw invalidField('lines', INVENTORY_MESSAGES.duplicateKitPart);
    await transact(this.db, async (trx) => {
      const active = new Set((await this.repository.activeParts(trx, ids)).map((row) => row.id));
      const missing = lines.findIndex((line) => !active.has(line.partId));
      if (missing >= 0) throw invalidField(`lines.${missing}.partId`, INVENTORY_MESSAGES.partNotFound);
      await this.repository.replaceKit(trx, serviceType, lines);
    });
    return (await this.kits()).find((kit) => kit.serviceType === serviceType) ?? { serviceType, lines: [] };
  }

  /** Open jobs whose kit is not covered at their centre (the admin board's "Parts short"). */
  async shortages(): Promise<PartsShortage[]> {
    const jobs = new Map<string, PartsShortage>();
    for (const row of await this.repository.shortages()) {
      const job = jobs.get(row.appointment_id) ?? { appointmentId: row.appointment_id, lines: [] };
      job.lines.push({ partId: row.part_id, sku: row.sku, name: row.name, needed: row.needed, used: Number(row.used), reserved: Number(row.reserved), available: Number(row.available) });
      jobs.set(row.appointment_id, job);
    }
    return [...jobs.values()];
  }

  /** Appends the movements `build` makes from a base (part, actor, time) in one transaction, refusing an archived part. */
  private async move(id: string, centerIds: string[], build: (base: Pick<NewMovement, 'partId' | 'actorId' | 'nowIso'>) => NewMovement[], actor: Viewer): Promise<StockChange> {
    const part = await this.part(id);
    if (part.archived_at !== null) throw new ConflictError(INVENTORY_MESSAGES.archived);
    const sorted = build({ partId: id, actorId: actor.id, nowIso: isoAt(this.now()) }).sort((a, b) => a.centerId.localeCompare(b.centerId));
    const change = await this.appendOrRefuse(
      id,
      () => sorted.find((movement) => movement.quantity < 0)?.centerId ?? centerIds[0],
      async (trx) => {
        const ids: string[] = [];
        // One centre's row at a time in a fixed order, so two opposite transfers cannot deadlock.
        for (const movement of sorted) ids.push(await this.repository.addMovement(trx, movement));
        return ids;
      },
    );
    return change(() => centerIds);
  }

  /**
   * Runs `append` (which returns the ids of the movements it added) in one transaction. When part_stock's CHECKs
   * refuse it, answers 409 with what is available now at `shortCenter()`. Resolves to a function that reads the
   * movements and the stock at the centres it is given.
   */
  private async appendOrRefuse(
    partId: string,
    shortCenter: () => string,
    append: (trx: Transaction<Database>) => Promise<string[]>,
  ): Promise<(centers: () => string[]) => Promise<StockChange>> {
    let ids: string[];
    try {
      ids = await transact(this.db, append);
    } catch (error) {
      if (SHORT_OF_STOCK.some((constraint) => violates(error, constraint))) {
        const [row] = await this.repository.stock(partId, [shortCenter()]);
        throw new ConflictError(notEnoughStock(row ? row.on_hand - row.reserved : 0));
      }
      throw error;
    }
    return async (centers) => {
      const [movements, stock] = await Promise.all([this.repository.movementsById(ids), this.repository.stock(partId, centers())]);
      return { movements: movements.map(toMovement), stock: stock.map(toStock) };
    };
  }

  private async part(id: string): Promise<PartRow> {
    const part = await this.repository.find(id);
    if (!part) throw new NotFoundError(INVENTORY_MESSAGES.partNotFound);
    return part;
  }

  /** A centre that exists, or a field error on `field` (a 404 when it is in the path). */
  private center(centerId: string, field: string, inPath = false): void {
    if (this.catalog.center(centerId)) return;
    if (inPath) throw new NotFoundError(INVENTORY_MESSAGES.centerNotFound);
    throw invalidField(field, INVENTORY_MESSAGES.centerNotFound);
  }
}
