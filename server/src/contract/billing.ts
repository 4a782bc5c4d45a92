/**
 * Billing: a job's lines and estimate, the customer's approval of extra work, invoices and payments
 * (server/README.md § Billing). Money is integer minor units; quantities are hundredths (billingTerms.ts).
 *
 * A job's lines (GET /api/appointments/:id/billing), in this order:
 * - SERVICE: the booked service type's catalogue price (labour, quantity 1);
 * - ESTIMATE: each APPROVED estimate item at the price and quantity the customer approved;
 * - PARTS_USED: per part used on the job (inventory's job_parts), the units beyond what approved PART items of that
 *   part already bill, at the part's sell price;
 * - MANUAL: an admin's fees and discounts (a discount's amount is negative; the subtotal never goes below zero).
 * Pending and declined items are not lines: they are shown beside them, with their amounts.
 *
 * Who may do what (the same 404 as GET /api/appointments/:id for a job the caller cannot see; 409 for a stale
 * expectedVersion or a decision already taken):
 * - read a job's billing: its customer, its technician, admins;
 * - propose, revise and withdraw estimate items: the assigned technician while the job is in progress, admins while
 *   it is confirmed or in progress; proposing moves an in-progress job's stage to AWAITING_APPROVAL and tells the
 *   customer (bell and e-mail, with the tracking link);
 * - decide an item: the job's customer (channel DASHBOARD) or anyone holding the job's live tracking link (channel
 *   LINK, and nothing else with that token); each decision is final for the item's version;
 * - fees, discounts, invoices, voids and payments: admins. An invoice is also issued when a job is completed.
 */
import { type Static, Type } from 'typebox';
import { ExpectedVersion, Id, Instant, IsoDate, Paged, PageQuery, StringEnum } from './common';
import {
  DECISION_CHANNELS,
  DECISIONS,
  ESTIMATE_ITEM_KINDS,
  ESTIMATE_ITEM_STATUSES,
  INVOICE_STATUSES,
  LINE_KINDS,
  LINE_SOURCES,
  MANUAL_LINE_KINDS,
  MAX_AMOUNT_MINOR,
  MAX_LINE_DESCRIPTION_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PAYMENT_REFERENCE_LENGTH,
  MAX_QUANTITY_HUNDREDTHS,
  MAX_VOID_REASON_LENGTH,
  PAYMENT_METHODS,
} from './billingTerms';

export * from './billingTerms';

const requiredText = (label: string, maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    errorMessages: {
      required: `${label} is required`,
      minLength: `${label} is required`,
      pattern: `${label} is required`,
      maxLength: `${label} must be at most ${maxLength} characters long`,
      type: `${label} must be text`,
    },
  });

const optionalText = (label: string, maxLength: number) =>
  Type.Optional(Type.String({ maxLength, errorMessages: { maxLength: `${label} must be at most ${maxLength} characters long`, type: `${label} must be text` } }));

/** An amount in minor units, at least `minimum` (0 for a price, 1 for a payment). */
const Amount = (label: string, minimum: number) =>
  Type.Integer({
    minimum,
    maximum: MAX_AMOUNT_MINOR,
    errorMessages: {
      required: `${label} is required`,
      type: `${label} must be a whole number of cents`,
      minimum: minimum > 0 ? `${label} must be more than zero` : `${label} cannot be negative`,
      maximum: `${label} is too large`,
    },
  });

/** Hundredths: 150 = 1.5 (hours or units), from 0.01. */
const QuantityHundredths = Type.Integer({
  minimum: 1,
  maximum: MAX_QUANTITY_HUNDREDTHS,
  errorMessages: {
    required: 'Quantity is required',
    type: 'Quantity must be a whole number of hundredths',
    minimum: 'Quantity must be more than zero',
    maximum: 'Quantity is too large',
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const Payment = Type.Object({
  id: Type.String(),
  method: StringEnum(PAYMENT_METHODS),
  amountMinor: Type.Integer(),
  reference: Type.Optional(Type.String()),
  /** The day it was paid, `YYYY-MM-DD` (the shop's calendar). */
  paidOn: Type.String(),
  recordedAt: Instant,
  /** Absent for a deposit not yet on an invoice (it joins the job's next invoice when that is issued). */
  invoiceId: Type.Optional(Type.String()),
});
export type Payment = Static<typeof Payment>;

export const JobLine = Type.Object({
  /** "service", "item:<estimate item id>", "part:<part id>", or a manual line's own id. */
  id: Type.String(),
  kind: StringEnum(LINE_KINDS),
  source: StringEnum(LINE_SOURCES),
  description: Type.String(),
  quantityHundredths: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  /** quantity × unit price, rounded (billingTerms.ts); negative for a discount. */
  amountMinor: Type.Integer(),
});
export type JobLine = Static<typeof JobLine>;

/** What the customer decided on one version of an item, with what that version said: kept for good. */
export const EstimateDecision = Type.Object({
  version: Type.Integer(),
  decision: StringEnum(DECISIONS),
  channel: StringEnum(DECISION_CHANNELS),
  decidedAt: Instant,
  description: Type.String(),
  quantityHundredths: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  amountMinor: Type.Integer(),
});
export type EstimateDecision = Static<typeof EstimateDecision>;

export const EstimateItem = Type.Object({
  id: Type.String(),
  /** 1, then one more each time its price or quantity changes (a new version needs a new decision). */
  version: Type.Integer(),
  kind: StringEnum(ESTIMATE_ITEM_KINDS),
  description: Type.String(),
  /** Why: "Front pads worn to 2 mm". */
  note: Type.Optional(Type.String()),
  part: Type.Optional(Type.Object({ id: Type.String(), sku: Type.String(), name: Type.String() })),
  quantityHundredths: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  amountMinor: Type.Integer(),
  /** The state of this version. */
  status: StringEnum(ESTIMATE_ITEM_STATUSES),
  proposedAt: Instant,
  /** The proposer's full name (absent on the tracking page). */
  proposedBy: Type.Optional(Type.String()),
  /** Every decision on any version, oldest first: the last one on an earlier version is what the customer said yes or no to. */
  decisions: Type.Array(EstimateDecision),
});
export type EstimateItem = Static<typeof EstimateItem>;

/** The invoice of a job, as lists and the job's billing show it. */
export const InvoiceSummary = Type.Object({
  id: Type.String(),
  /** "INV-2026-000123". */
  number: Type.String(),
  version: Type.Integer(),
  status: StringEnum(INVOICE_STATUSES),
  appointmentId: Type.String(),
  customer: Type.Object({ id: Type.String(), fullName: Type.String(), email: Type.String() }),
  /** "Toyota Corolla (CAB-1234)" and the service's name. */
  vehicle: Type.String(),
  serviceTypeName: Type.String(),
  issuedAt: Instant,
  /** Issued day + INVOICE_DUE_DAYS, `YYYY-MM-DD` in the shop's calendar. */
  dueOn: Type.String(),
  totalMinor: Type.Integer(),
  paidMinor: Type.Integer(),
  balanceMinor: Type.Integer(),
  /** Not void, not paid, and past its due day. */
  overdue: Type.Boolean(),
});
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const InvoiceLine = Type.Object({
  kind: StringEnum(LINE_KINDS),
  description: Type.String(),
  quantityHundredths: Type.Integer(),
  unitPriceMinor: Type.Integer(),
  amountMinor: Type.Integer(),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

/** An issued invoice: its lines and tax were frozen when it was issued. */
export const Invoice = Type.Object({
  ...InvoiceSummary.properties,
  lines: Type.Array(InvoiceLine),
  subtotalMinor: Type.Integer(),
  taxRateBasisPoints: Type.Integer(),
  taxMinor: Type.Integer(),
  payments: Type.Array(Payment),
  voidedAt: Type.Optional(Instant),
  voidReason: Type.Optional(Type.String()),
  /** The void invoice this one was issued to replace, and the one that replaced this one. */
  replaces: Type.Optional(Type.Object({ id: Type.String(), number: Type.String() })),
  replacedBy: Type.Optional(Type.Object({ id: Type.String(), number: Type.String() })),
});
export type Invoice = Static<typeof Invoice>;

export const JobBilling = Type.Object({
  appointmentId: Type.String(),
  /** The shop's rates now (an issued invoice keeps its own). */
  taxRateBasisPoints: Type.Integer(),
  labourRateMinor: Type.Integer(),
  lines: Type.Array(JobLine),
  items: Type.Array(EstimateItem),
  /** Of the lines: subtotal, tax on it, total. */
  subtotalMinor: Type.Integer(),
  taxMinor: Type.Integer(),
  totalMinor: Type.Integer(),
  /** Estimate items by state (their amounts before tax). */
  approvedMinor: Type.Integer(),
  pendingMinor: Type.Integer(),
  declinedMinor: Type.Integer(),
  /** The job's invoice that is not void, if issued. */
  invoice: Type.Optional(InvoiceSummary),
  /** Every payment on the job: deposits and payments on its invoices. */
  payments: Type.Array(Payment),
  paidMinor: Type.Integer(),
  /** The invoice's balance once issued; before that, the total less deposits. */
  balanceMinor: Type.Integer(),
});
export type JobBilling = Static<typeof JobBilling>;

/** One line per job for lists (My Services, the admin board): one request for many jobs. */
export const BillingSummary = Type.Object({
  appointmentId: Type.String(),
  totalMinor: Type.Integer(),
  approvedMinor: Type.Integer(),
  pendingMinor: Type.Integer(),
  declinedMinor: Type.Integer(),
  /** Items awaiting the customer's decision. */
  pendingItems: Type.Integer(),
  invoice: Type.Optional(Type.Object({ id: Type.String(), number: Type.String(), status: StringEnum(INVOICE_STATUSES), balanceMinor: Type.Integer() })),
});
export type BillingSummary = Static<typeof BillingSummary>;

export const BillingSummaryList = Type.Object({ items: Type.Array(BillingSummary) });
export type BillingSummaryList = Static<typeof BillingSummaryList>;

/** The tracking page's estimate: the items and totals, no names. */
export const TrackedEstimate = Type.Object({
  items: Type.Array(EstimateItem),
  subtotalMinor: Type.Integer(),
  taxMinor: Type.Integer(),
  totalMinor: Type.Integer(),
  approvedMinor: Type.Integer(),
  pendingMinor: Type.Integer(),
  declinedMinor: Type.Integer(),
});
export type TrackedEstimate = Static<typeof TrackedEstimate>;

export const CustomerBalance = Type.Object({
  customerId: Type.String(),
  /** Of the customer's invoices that are not void. */
  invoicedMinor: Type.Integer(),
  paidMinor: Type.Integer(),
  outstandingMinor: Type.Integer(),
  overdueMinor: Type.Integer(),
});
export type CustomerBalance = Static<typeof CustomerBalance>;

export const InvoicePage = Paged(InvoiceSummary);
export type InvoicePage = Static<typeof InvoicePage>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

export const EstimateItemParams = Type.Object({ id: Id('Estimate item') });
export const JobLineParams = Type.Object({ id: Id('Line') });
export const InvoiceParams = Type.Object({ id: Id('Invoice') });
export const CustomerParams = Type.Object({ id: Id('Customer') });
export const TrackedItemParams = Type.Object({ token: Type.String(), id: Id('Estimate item') });

/**
 * POST /api/appointments/:id/estimate-items. LABOUR: quantity is hours (hundredths) and the price defaults to the
 * labour rate; PART: `partId` required, quantity in the part's units, price defaults to its sell price; FEE: price
 * required.
 */
export const ProposeItemBody = Type.Object(
  {
    kind: StringEnum(ESTIMATE_ITEM_KINDS, { errorMessages: { enum: 'Kind must be LABOUR, PART or FEE', required: 'Kind is required' } }),
    description: requiredText('Description', MAX_LINE_DESCRIPTION_LENGTH),
    note: optionalText('Note', MAX_NOTE_LENGTH),
    partId: Type.Optional(Id('Part')),
    quantityHundredths: QuantityHundredths,
    unitPriceMinor: Type.Optional(Amount('Unit price', 0)),
  },
  { additionalProperties: false },
);
export type ProposeItemBody = Static<typeof ProposeItemBody>;

/** PATCH /api/estimate-items/:id: a new price or quantity makes a new version (PENDING again). */
export const ReviseItemBody = Type.Object(
  {
    description: Type.Optional(requiredText('Description', MAX_LINE_DESCRIPTION_LENGTH)),
    note: optionalText('Note', MAX_NOTE_LENGTH),
    quantityHundredths: Type.Optional(QuantityHundredths),
    unitPriceMinor: Type.Optional(Amount('Unit price', 0)),
    expectedVersion: ExpectedVersion,
  },
  { additionalProperties: false },
);
export type ReviseItemBody = Static<typeof ReviseItemBody>;

export const ExpectedVersionQuery = Type.Object({ expectedVersion: ExpectedVersion }, { additionalProperties: false });
export type ExpectedVersionQuery = Static<typeof ExpectedVersionQuery>;

/** POST /api/estimate-items/:id/decision and /api/track/:token/estimate-items/:id/decision, on the version shown. */
export const DecisionBody = Type.Object(
  {
    decision: StringEnum(DECISIONS, { errorMessages: { enum: 'Decision must be APPROVED or DECLINED', required: 'Decision is required' } }),
    expectedVersion: ExpectedVersion,
  },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

/** POST /api/appointments/:id/lines (admin): a fee, or a discount (given as a positive amount, billed negative). */
export const ManualLineBody = Type.Object(
  {
    kind: StringEnum(MANUAL_LINE_KINDS, { errorMessages: { enum: 'Kind must be FEE or DISCOUNT', required: 'Kind is required' } }),
    description: requiredText('Description', MAX_LINE_DESCRIPTION_LENGTH),
    amountMinor: Amount('Amount', 1),
  },
  { additionalProperties: false },
);
export type ManualLineBody = Static<typeof ManualLineBody>;

/** POST /api/invoices/:id/payments, or POST /api/appointments/:id/payments for a deposit before the invoice. */
export const PaymentBody = Type.Object(
  {
    method: StringEnum(PAYMENT_METHODS, { errorMessages: { enum: 'Method must be CASH, CARD or BANK_TRANSFER', required: 'Method is required' } }),
    amountMinor: Amount('Amount', 1),
    reference: optionalText('Reference', MAX_PAYMENT_REFERENCE_LENGTH),
    paidOn: IsoDate('Payment date'),
  },
  { additionalProperties: false },
);
export type PaymentBody = Static<typeof PaymentBody>;

/** POST /api/invoices/:id/void (admin). */
export const VoidInvoiceBody = Type.Object(
  { reason: requiredText('Reason', MAX_VOID_REASON_LENGTH), expectedVersion: ExpectedVersion },
  { additionalProperties: false },
);
export type VoidInvoiceBody = Static<typeof VoidInvoiceBody>;

/** GET /api/billing/summaries?appointmentIds=<id>,<id>: at most 100 jobs the caller can see (others are left out). */
export const BillingSummaryQuery = Type.Object(
  {
    appointmentIds: Type.String({
      maxLength: 37 * 100,
      pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,99}$',
      errorMessages: { pattern: 'Appointment ids must be up to 100 ids separated by commas', maxLength: 'Appointment ids must be up to 100 ids separated by commas', required: 'Appointment ids are required' },
    }),
  },
  { additionalProperties: false },
);
export type BillingSummaryQuery = Static<typeof BillingSummaryQuery>;

/** GET /api/invoices: admins see every invoice, a customer their own; newest first. `from`/`to` filter the issue day. */
export const InvoiceListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(StringEnum(INVOICE_STATUSES, { errorMessages: { enum: 'Unknown status' } })),
    overdue: Type.Optional(Type.Boolean({ errorMessages: { type: 'Overdue must be true or false' } })),
    from: Type.Optional(IsoDate('From')),
    to: Type.Optional(IsoDate('To')),
    customerId: Type.Optional(Id('Customer')),
  },
  { additionalProperties: false },
);
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;
