import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import { INVENTORY_MESSAGES, moreThanOrdered, REORDER_HORIZON_DAYS } from '../contract/inventoryTerms';
import type {
  DraftFromSuggestionsBody,
  PurchaseOrder,
  PurchaseOrderBody,
  PurchaseOrderListQuery,
  PurchaseOrderPatch,
  ReceiveOrderBody,
  ReorderSuggestion,
  Supplier,
  SupplierBody,
} from '../contract/purchasing';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import { ConflictError, invalidField, NotFoundError } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopNow } from '../shopTime';
import type { Transaction } from 'kysely';
import { PurchasingRepository, type OrderLineRow, type OrderRow, type SupplierRow } from './purchasingRepository';
import type { InventoryRepository } from './repository';
import { toPart, toStock } from './service';

type Trx = Transaction<Database>;

function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    ...(row.contact_name !== null && { contactName: row.contact_name }),
    ...(row.email !== null && { email: row.email }),
    ...(row.phone !== null && { phone: row.phone }),
  };
}

function supplierFields(body: SupplierBody): Omit<SupplierRow, 'id' | 'created_at'> {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return { name: body.name.trim(), contact_name: optional(body.contactName), email: optional(body.email), phone: optional(body.phone) };
}

/** The order's total in minor units; refused when it would not be exact as a JavaScript number. */
function orderTotal(lines: readonly { quantity: number; unit_cost_minor: number }[]): number {
  const total = lines.reduce((sum, line) => sum + BigInt(line.quantity) * BigInt(line.unit_cost_minor), 0n);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidField('lines', 'The order total is too large');
  return Number(total);
}

function toOrder(row: OrderRow, lines: readonly OrderLineRow[]): PurchaseOrder {
  return {
    id: row.id,
    number: Number(row.number),
    version: row.version,
    status: row.status,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    centerId: row.center_id,
    lines: lines.map((line) => ({ partId: line.part_id, sku: line.sku, name: line.name, unit: line.unit, quantity: line.quantity, unitCostMinor: line.unit_cost_minor, received: line.received })),
    totalMinor: orderTotal(lines),
    createdAt: toIso(row.created_at),
    ...(row.ordered_at !== null && { orderedAt: toIso(row.ordered_at) }),
  };
}

/**
 * Suppliers, purchase orders and reorder suggestions. Receiving locks the order row, checks each line's outstanding
 * quantity and appends the RECEIVED movements (which name the order) in the same transaction.
 */
export class Purchasing {
  private readonly repository: PurchasingRepository;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly stock: InventoryRepository,
    private readonly now: Clock,
  ) {
    this.repository = new PurchasingRepository(db);
  }

  async suppliers(): Promise<Supplier[]> {
    return (await this.repository.suppliers()).map(toSupplier);
  }

  async createSupplier(body: SupplierBody): Promise<Supplier> {
    try {
      return toSupplier(await this.repository.insertSupplier(supplierFields(body), isoAt(this.now())));
    } catch (error) {
      if (violates(error, 'suppliers_name_key')) throw invalidField('name', INVENTORY_MESSAGES.duplicateSupplier);
      throw error;
    }
  }

  async updateSupplier(id: string, body: SupplierBody): Promise<Supplier> {
    try {
      const row = await this.repository.updateSupplier(id, supplierFields(body));
      if (!row) throw new NotFoundError(INVENTORY_MESSAGES.supplierNotFound);
      return toSupplier(row);
    } catch (error) {
      if (violates(error, 'suppliers_name_key')) throw invalidField('name', INVENTORY_MESSAGES.duplicateSupplier);
      throw error;
    }
  }

  async list(query: PurchaseOrderListQuery): Promise<Page<PurchaseOrder>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.purchaseOrders)[0] : null;
    const rows = await this.repository.page(query.status, limit, after);
    const lines = await this.repository.lines(rows.slice(0, limit).map((row) => row.id));
    return toPage(rows, limit, (row) => [row.number], (row) => toOrder(row, lines.filter((line) => line.order_id === row.id)));
  }

  get(id: string): Promise<PurchaseOrder> {
    return this.read(id, this.db);
  }

  async create(actor: Viewer, body: PurchaseOrderBody): Promise<PurchaseOrder> {
    return transact(this.db, async (trx) => {
      await this.checkContent(trx, body);
      const id = await this.repository.insertOrder(trx, { supplierId: body.supplierId, centerId: body.centerId, createdBy: actor.id, nowIso: isoAt(this.now()) });
      await this.repository.replaceLines(trx, id, body.lines);
      return this.read(id, trx);
    });
  }

  async update(id: string, { expectedVersion, ...body }: PurchaseOrderPatch): Promise<PurchaseOrder> {
    return transact(this.db, async (trx) => {
      const order = await this.locked(trx, id);
      if (order.status !== 'DRAFT') throw new ConflictError(INVENTORY_MESSAGES.orderNotDraft);
      await this.checkContent(trx, body);
      if (!(await this.repository.updateOrder(trx, id, expectedVersion, { supplier_id: body.supplierId, center_id: body.centerId }, isoAt(this.now())))) {
        throw new ConflictError(INVENTORY_MESSAGES.orderStale);
      }
      await this.repository.replaceLines(trx, id, body.lines);
      return this.read(id, trx);
    });
  }

  /** DRAFT → ORDERED. */
  async place(id: string, expectedVersion: number): Promise<PurchaseOrder> {
    return transact(this.db, async (trx) => {
      const order = await this.locked(trx, id);
      if (order.status !== 'DRAFT') throw new ConflictError(INVENTORY_MESSAGES.orderNotDraft);
      const nowIso = isoAt(this.now());
      if (!(await this.repository.updateOrder(trx, id, expectedVersion, { status: 'ORDERED', ordered_at: nowIso }, nowIso))) throw new ConflictError(INVENTORY_MESSAGES.orderStale);
      return this.read(id, trx);
    });
  }

  /** DRAFT or ORDERED with nothing received → CANCELLED. */
  async cancel(id: string, expectedVersion: number): Promise<PurchaseOrder> {
    return transact(this.db, async (trx) => {
      const order = await this.locked(trx, id);
      if (order.status !== 'DRAFT' && order.status !== 'ORDERED') throw new ConflictError(INVENTORY_MESSAGES.orderNotCancellable);
      if (!(await this.repository.updateOrder(trx, id, expectedVersion, { status: 'CANCELLED' }, isoAt(this.now())))) throw new ConflictError(INVENTORY_MESSAGES.orderStale);
      return this.read(id, trx);
    });
  }

  /** Adds what arrived, all lines in one transaction; the order becomes PARTLY_RECEIVED or RECEIVED. */
  async receive(actor: Viewer, id: string, body: ReceiveOrderBody): Promise<PurchaseOrder> {
    const ids = body.lines.map((line) => line.partId);
    if (new Set(ids).size !== ids.length) throw invalidField('lines', INVENTORY_MESSAGES.duplicateOrderPart);
    return transact(this.db, async (trx) => {
      const order = await this.locked(trx, id);
      if (order.status !== 'ORDERED' && order.status !== 'PARTLY_RECEIVED') throw new ConflictError(INVENTORY_MESSAGES.orderNotOpen);
      const lines = new Map((await this.repository.lines([id], trx)).map((line) => [line.part_id, line]));
      const nowIso = isoAt(this.now());
      for (const [index, arrived] of body.lines.entries()) {
        const line = lines.get(arrived.partId);
        if (!line) throw invalidField(`lines.${index}.partId`, INVENTORY_MESSAGES.notOnOrder);
        const outstanding = line.quantity - line.received;
        if (arrived.quantity > outstanding) throw new ConflictError(moreThanOrdered(outstanding));
        line.received += arrived.quantity;
        await this.repository.addReceived(trx, id, arrived.partId, arrived.quantity);
        await this.stock.addMovement(trx, { partId: arrived.partId, centerId: order.center_id, kind: 'RECEIVED', quantity: arrived.quantity, purchaseOrderId: id, actorId: actor.id, nowIso });
      }
      const complete = [...lines.values()].every((line) => line.received === line.quantity);
      await this.repository.updateOrder(trx, id, null, { status: complete ? 'RECEIVED' : 'PARTLY_RECEIVED' }, nowIso);
      return this.read(id, trx);
    });
  }

  /** What to reorder at a centre (contract/purchasing.ts ReorderSuggestion), in SKU order. */
  async suggestions(centerId: string): Promise<ReorderSuggestion[]> {
    if (!this.catalog.center(centerId)) throw invalidField('centerId', INVENTORY_MESSAGES.centerNotFound);
    const today = shopNow(this.catalog.timeZone, this.now()).date;
    const facts = new Map((await this.repository.onOrderAndDemand(centerId, today, addCalendarDays(today, REORDER_HORIZON_DAYS))).map((row) => [row.part_id, row]));
    const suggestions: ReorderSuggestion[] = [];
    for (const row of await this.repository.candidates(centerId, [...facts.keys()])) {
      const onOrder = Number(facts.get(row.id)?.on_order ?? 0);
      const demand = Number(facts.get(row.id)?.demand ?? 0);
      const projected = row.on_hand + onOrder - row.reserved;
      const low = row.reorder_level > 0 && projected <= row.reorder_level;
      if (!low && demand <= projected) continue;
      suggestions.push({ part: toPart(row), stock: toStock(row), onOrder, projected, demand, suggestedQuantity: Math.max(row.reorder_quantity, demand - projected, 1) });
    }
    return suggestions;
  }

  /** A draft order for `supplierId` of every suggested part at the centre, each at its unit cost. */
  async draftFromSuggestions(actor: Viewer, body: DraftFromSuggestionsBody): Promise<PurchaseOrder> {
    const suggestions = await this.suggestions(body.centerId);
    if (suggestions.length === 0) throw new ConflictError(INVENTORY_MESSAGES.nothingToSuggest);
    return this.create(actor, {
      supplierId: body.supplierId,
      centerId: body.centerId,
      lines: suggestions.map((suggestion) => ({ partId: suggestion.part.id, quantity: suggestion.suggestedQuantity, unitCostMinor: suggestion.part.unitCostMinor })),
    });
  }

  private async checkContent(trx: Trx, body: PurchaseOrderBody): Promise<void> {
    if (!(await this.repository.supplier(body.supplierId, trx))) throw invalidField('supplierId', INVENTORY_MESSAGES.supplierNotFound);
    if (!this.catalog.center(body.centerId)) throw invalidField('centerId', INVENTORY_MESSAGES.centerNotFound);
    if (body.lines.length === 0) throw invalidField('lines', INVENTORY_MESSAGES.orderEmpty);
    const ids = body.lines.map((line) => line.partId);
    if (new Set(ids).size !== ids.length) throw invalidField('lines', INVENTORY_MESSAGES.duplicateOrderPart);
    const active = new Set((await this.stock.activeParts(trx, ids)).map((row) => row.id));
    const missing = body.lines.findIndex((line) => !active.has(line.partId));
    if (missing >= 0) throw invalidField(`lines.${missing}.partId`, INVENTORY_MESSAGES.partNotFound);
    orderTotal(body.lines.map((line) => ({ quantity: line.quantity, unit_cost_minor: line.unitCostMinor })));
  }

  private async locked(trx: Trx, id: string) {
    const order = await this.repository.lockOrder(trx, id);
    if (!order) throw new NotFoundError(INVENTORY_MESSAGES.orderNotFound);
    return order;
  }

  private async read(id: string, trx: Db | Trx): Promise<PurchaseOrder> {
    const row = await this.repository.order(id, trx);
    if (!row) throw new NotFoundError(INVENTORY_MESSAGES.orderNotFound);
    return toOrder(row, await this.repository.lines([id], trx));
  }
}
