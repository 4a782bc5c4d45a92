/**
 * Parts and stock vocabulary and messages (contract/inventory.ts re-exports them). Plain constants with no schema
 * library, so the SPA can import them at run time (form rules, labels) from the same place the server checks with.
 */

/**
 * What moved stock: received from a supplier, used on a job, returned from a job, adjusted by hand (with a reason),
 * transferred out of one centre and into another (a pair), or the reversal of an earlier movement.
 */
export const STOCK_MOVEMENT_KINDS = ['RECEIVED', 'USED', 'RETURNED', 'ADJUSTED', 'TRANSFER_OUT', 'TRANSFER_IN', 'REVERSAL'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** A purchase order's life: DRAFT → ORDERED → PARTLY_RECEIVED → RECEIVED, or CANCELLED before anything arrived. */
export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'ORDERED', 'PARTLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** How many days of booked kits a reorder suggestion covers. */
export const REORDER_HORIZON_DAYS = 14;

/** How a part is counted. */
export const PART_UNITS = ['each', 'litre', 'set', 'pair', 'metre', 'kg'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

export const MAX_SKU_LENGTH = 40;
export const MAX_PART_NAME_LENGTH = 120;
export const MAX_CATEGORY_LENGTH = 60;
export const MAX_REASON_LENGTH = 300;
/** The most of one part a single movement may move, and the most money one unit may cost (minor units). */
export const MAX_STOCK_QUANTITY = 1_000_000;
export const MAX_MONEY_MINOR = 1_000_000_000;

export const INVENTORY_MESSAGES = {
  partNotFound: 'Part not found',
  movementNotFound: 'Stock movement not found',
  centerNotFound: 'Service centre not found',
  duplicateSku: 'A part with this SKU already exists.',
  archived: 'This part is archived.',
  stale: 'This part was changed by someone else. Reload it and try again.',
  sameCenter: 'Choose a different centre to transfer to.',
  alreadyReversed: 'This movement has already been reversed.',
  notReversible: 'Only a receipt or an adjustment can be reversed here.',
  jobClosed: 'Parts can be recorded only on a job that is confirmed or in progress.',
  notYourJob: 'You can record parts only on your own jobs.',
  serviceTypeNotFound: 'Service type not found',
  duplicateKitPart: 'Each part can appear only once in a kit.',
  supplierNotFound: 'Supplier not found',
  duplicateSupplier: 'A supplier with this name already exists.',
  orderNotFound: 'Purchase order not found',
  orderNotDraft: 'Only a draft order can be changed.',
  orderNotOpen: 'Only an ordered purchase order can be received.',
  orderNotCancellable: 'Only a draft or ordered purchase order with nothing received can be cancelled.',
  orderStale: 'This purchase order was changed by someone else. Reload it and try again.',
  duplicateOrderPart: 'Each part can appear only once in an order.',
  orderEmpty: 'Add at least one part to the order.',
  notOnOrder: 'This part is not on the order.',
  nothingToSuggest: 'Nothing needs reordering at this centre.',
  csvHasErrors: 'The file has errors; nothing was imported.',
  csvHeader: 'The first line must name the columns: sku, name, category, unit, unit_cost, sell_price.',
  csvEmpty: 'The file has no parts.',
  csvTooLong: 'A file can have at most 5000 parts.',
  csvUnreadable: 'The file is not a readable CSV file.',
  csvDuplicateSku: 'This SKU is already on an earlier line.',
  /** The admin board's warning on a job whose kit is not covered at its centre. */
  partsShort: 'Parts short',
} as const;

/** The columns of a parts CSV file, in order (money as amounts with up to two decimals, e.g. 1250.00). */
export const PART_CSV_COLUMNS = ['sku', 'name', 'category', 'unit', 'unit_cost', 'sell_price'] as const;
/** The most rows one import takes. */
export const MAX_CSV_ROWS = 5000;

/** The answer when a receipt is more than is still outstanding on the order line. */
export function moreThanOrdered(outstanding: number): string {
  return `Only ${outstanding} still to receive on this line.`;
}

/** The answer when a movement would take on hand below zero or below what jobs have reserved. */
export function notEnoughStock(available: number): string {
  return `Not enough stock: ${available} available at this centre.`;
}
