/**
 * Billing vocabulary, messages and arithmetic (contract/billing.ts re-exports them). Plain constants and pure
 * functions with no schema library, so the SPA computes and labels money exactly as the server does.
 *
 * Money is integer minor units of the shop's one currency (LKR: cents) everywhere: in the database, in the API and in
 * the SPA until it is formatted. A quantity on a line is in hundredths (150 = 1.5 hours; 200 = 2 units).
 *
 * The one rounding rule (server/README.md § Billing): an amount that is not a whole number of minor units is rounded
 * half away from zero, once, where it arises:
 * - a line's amount = quantityHundredths × unitPriceMinor ÷ 100, rounded;
 * - tax = taxable subtotal × taxRateBasisPoints ÷ 10 000, rounded, computed once on the whole job or invoice (never
 *   per line, so the lines and the total always add up).
 */

/**
 * A job's line: labour (the service type's price, or hours × the shop's labour rate), a part (used from inventory,
 * at its sell price, or approved in an estimate), a fee, or a discount (a negative amount).
 */
export const LINE_KINDS = ['LABOUR', 'PART', 'FEE', 'DISCOUNT'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** What an admin adds to a job by hand: a fee, or a discount. */
export const MANUAL_LINE_KINDS = ['FEE', 'DISCOUNT'] as const satisfies readonly LineKind[];
export type ManualLineKind = (typeof MANUAL_LINE_KINDS)[number];

/**
 * Where a line comes from: the booked service (its catalogue price), the parts used on the job (beyond what an
 * approved estimate item already bills), an approved estimate item, or an admin's fee or discount.
 */
export const LINE_SOURCES = ['SERVICE', 'PARTS_USED', 'ESTIMATE', 'MANUAL'] as const;
export type LineSource = (typeof LINE_SOURCES)[number];

/** What extra work may be proposed as: labour (hours × labour rate), a part, or a fee. */
export const ESTIMATE_ITEM_KINDS = ['LABOUR', 'PART', 'FEE'] as const;
export type EstimateItemKind = (typeof ESTIMATE_ITEM_KINDS)[number];

/**
 * An estimate item's state at its current version: PENDING until the customer decides; APPROVED or DECLINED is final
 * for that version. Changing an approved item's price or quantity makes a new version, PENDING again.
 */
export const ESTIMATE_ITEM_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export type EstimateItemStatus = (typeof ESTIMATE_ITEM_STATUSES)[number];

export const DECISIONS = ['APPROVED', 'DECLINED'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Where the customer decided: signed in on their dashboard, or on the tracking link page without an account. */
export const DECISION_CHANNELS = ['DASHBOARD', 'LINK'] as const;
export type DecisionChannel = (typeof DECISION_CHANNELS)[number];

/** An issued invoice: ISSUED (nothing paid), PARTLY_PAID, PAID, or VOID (kept, never deleted). Drafts do not exist. */
export const INVOICE_STATUSES = ['ISSUED', 'PARTLY_PAID', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Payments are recorded, not processed: no card data ever reaches the server. */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  ISSUED: 'Issued',
  PARTLY_PAID: 'Partly paid',
  PAID: 'Paid',
  VOID: 'Void',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Cash',
  CARD: 'Card',
  BANK_TRANSFER: 'Bank transfer',
};

export const ESTIMATE_ITEM_STATUS_LABELS: Record<EstimateItemStatus, string> = {
  PENDING: 'Awaiting approval',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
};

export const LINE_KIND_LABELS: Record<LineKind, string> = {
  LABOUR: 'Labour',
  PART: 'Part',
  FEE: 'Fee',
  DISCOUNT: 'Discount',
};

export const DECISION_CHANNEL_LABELS: Record<DecisionChannel, string> = {
  DASHBOARD: 'dashboard',
  LINK: 'tracking link',
};

export const MAX_LINE_DESCRIPTION_LENGTH = 200;
export const MAX_NOTE_LENGTH = 500;
export const MAX_VOID_REASON_LENGTH = 300;
export const MAX_PAYMENT_REFERENCE_LENGTH = 100;
/** The most a line's quantity may be: 10 000 units or hours (in hundredths). */
export const MAX_QUANTITY_HUNDREDTHS = 1_000_000;
/** The most one unit, line or payment may be, in minor units (LKR 10 000 000.00). */
export const MAX_AMOUNT_MINOR = 1_000_000_000;
/** Tax rate in basis points: 1800 = 18 %. */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;

export const BILLING_MESSAGES = {
  itemNotFound: 'Estimate item not found',
  lineNotFound: 'Line not found',
  invoiceNotFound: 'Invoice not found',
  partNotFound: 'Part not found',
  notYourJob: 'You can propose extra work only on your own jobs.',
  notInProgress: 'Extra work can be proposed only on a job that is confirmed or in progress.',
  jobClosed: 'This job is closed: its lines can no longer change.',
  alreadyDecided: 'This item has already been decided.',
  itemStale: 'This item was changed. Review the new version before deciding.',
  declinedFinal: 'A declined item cannot be changed. Propose a new item instead.',
  onlyPendingWithdrawn: 'Only an item the customer has not decided on can be withdrawn.',
  partNeedsPart: 'Choose the part to propose.',
  feeNeedsPrice: 'Enter the fee’s price.',
  discountTooLarge: 'A discount cannot make the total negative.',
  alreadyInvoiced: 'This job already has an invoice. Void it to issue a new one.',
  notInvoiceable: 'An invoice can be issued only for a job that is in progress or completed.',
  pendingItems: 'The customer has not decided on every estimate item yet.',
  alreadyVoid: 'This invoice is already void.',
  invoiceStale: 'This invoice was changed by someone else. Reload it and try again.',
  voidInvoice: 'A void invoice cannot take payments.',
  paidInFull: 'This invoice is already paid in full.',
  overpayment: 'The payment is more than the outstanding balance.',
  depositTooLarge: 'The deposit is more than the job’s estimate.',
  jobCancelled: 'A cancelled job cannot take payments.',
  paymentDateFuture: 'Payment date cannot be in the future.',
} as const;

/** A line's amount in minor units: quantity (hundredths) × unit price, rounded half away from zero. */
export function lineAmountMinor(quantityHundredths: number, unitPriceMinor: number): number {
  const exact = quantityHundredths * unitPriceMinor;
  const sign = exact < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(exact) + 50) / 100);
}

/** Tax on a taxable amount (minor units) at a rate in basis points, rounded half away from zero. */
export function taxMinor(taxableMinor: number, taxRateBasisPoints: number): number {
  const exact = taxableMinor * taxRateBasisPoints;
  const sign = exact < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(exact) + 5_000) / 10_000);
}

export interface MoneyTotals {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Subtotal (the lines' amounts, discounts negative), tax on it, and their sum. */
export function totalsOf(amountsMinor: readonly number[], taxRateBasisPoints: number): MoneyTotals {
  const subtotalMinor = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  const tax = taxMinor(subtotalMinor, taxRateBasisPoints);
  return { subtotalMinor, taxMinor: tax, totalMinor: subtotalMinor + tax };
}

/** "INV-2026-000123": the shop's prefix, the year it was issued in, and its place in that year (gap-free from 1). */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}
