/** /api/suppliers, /api/purchase-orders and /api/parts/suggestions: buying parts in. */
import { type Static, Type } from 'typebox';
import { ExpectedVersion, Id, Paged, PageQuery, StringEnum } from './common';
import { Money, Part, Quantity, StockLevel, text } from './inventory';
import { PART_UNITS, PURCHASE_ORDER_STATUSES } from './inventoryTerms';

const optionalText = (label: string, maxLength: number) =>
  Type.Optional(Type.String({ maxLength, errorMessages: { maxLength: `${label} must be at most ${maxLength} characters long`, type: `${label} must be text` } }));

export const SupplierBody = Type.Object(
  {
    name: text('Name', 120),
    contactName: optionalText('Contact name', 120),
    email: optionalText('Email', 254),
    phone: optionalText('Phone', 40),
  },
  { additionalProperties: false },
);
export type SupplierBody = Static<typeof SupplierBody>;

export const Supplier = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contactName: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
});
export type Supplier = Static<typeof Supplier>;

export const SupplierList = Type.Object({ items: Type.Array(Supplier) });
export type SupplierList = Static<typeof SupplierList>;

export const SupplierParams = Type.Object({ id: Id('Supplier') });

const OrderLineBody = Type.Object({ partId: Id('Part'), quantity: Quantity, unitCostMinor: Money('Unit cost') }, { additionalProperties: false });

export const PurchaseOrderBody = Type.Object(
  {
    supplierId: Id('Supplier'),
    centerId: Id('Service centre'),
    lines: Type.Array(OrderLineBody, { maxItems: 200, errorMessages: { maxItems: 'An order can have at most 200 lines', type: 'Lines must be a list' } }),
  },
  { additionalProperties: false },
);
export type PurchaseOrderBody = Static<typeof PurchaseOrderBody>;

/** A draft's new content, on the version it was read at. */
export const PurchaseOrderPatch = Type.Object(
  { ...PurchaseOrderBody.properties, expectedVersion: ExpectedVersion },
  { additionalProperties: false },
);
export type PurchaseOrderPatch = Static<typeof PurchaseOrderPatch>;

export const PurchaseOrderLine = Type.Object({
  partId: Type.String(),
  sku: Type.String(),
  name: Type.String(),
  unit: StringEnum(PART_UNITS),
  quantity: Type.Integer(),
  unitCostMinor: Type.Integer(),
  received: Type.Integer(),
});
export type PurchaseOrderLine = Static<typeof PurchaseOrderLine>;

export const PurchaseOrder = Type.Object({
  id: Type.String(),
  /** Shown as PO-<number>. */
  number: Type.Integer(),
  version: Type.Integer(),
  status: StringEnum(PURCHASE_ORDER_STATUSES),
  supplier: Type.Object({ id: Type.String(), name: Type.String() }),
  centerId: Type.String(),
  lines: Type.Array(PurchaseOrderLine),
  /** Sum of quantity × unit cost, minor units. */
  totalMinor: Type.Integer(),
  createdAt: Type.String(),
  orderedAt: Type.Optional(Type.String()),
});
export type PurchaseOrder = Static<typeof PurchaseOrder>;

export const PurchaseOrderParams = Type.Object({ id: Id('Purchase order') });

export const PurchaseOrderListQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(StringEnum(PURCHASE_ORDER_STATUSES, { errorMessages: { enum: 'Unknown status' } })) },
  { additionalProperties: false },
);
export type PurchaseOrderListQuery = Static<typeof PurchaseOrderListQuery>;

export const PurchaseOrderPage = Paged(PurchaseOrder);
export type PurchaseOrderPage = Static<typeof PurchaseOrderPage>;

export const ExpectedVersionBody = Type.Object(
  { expectedVersion: ExpectedVersion },
  { additionalProperties: false },
);
export type ExpectedVersionBody = Static<typeof ExpectedVersionBody>;

/** Units arrived now, per part; all in one transaction. */
export const ReceiveOrderBody = Type.Object(
  {
    lines: Type.Array(Type.Object({ partId: Id('Part'), quantity: Quantity }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 200,
      errorMessages: { minItems: 'Receive at least one part', maxItems: 'An order can have at most 200 lines', type: 'Lines must be a list' },
    }),
  },
  { additionalProperties: false },
);
export type ReceiveOrderBody = Static<typeof ReceiveOrderBody>;

export const SuggestionQuery = Type.Object({ centerId: Id('Service centre') }, { additionalProperties: false });
export type SuggestionQuery = Static<typeof SuggestionQuery>;

/**
 * A part to reorder at a centre: projected = on hand + on order − reserved; `demand` is what open jobs booked in the
 * next REORDER_HORIZON_DAYS days still need of it beyond their reservations; suggested = the larger of the reorder
 * quantity and what covers that demand.
 */
export const ReorderSuggestion = Type.Object({
  part: Part,
  stock: StockLevel,
  onOrder: Type.Integer(),
  projected: Type.Integer(),
  demand: Type.Integer(),
  suggestedQuantity: Type.Integer(),
});
export type ReorderSuggestion = Static<typeof ReorderSuggestion>;

export const ReorderSuggestionList = Type.Object({ items: Type.Array(ReorderSuggestion) });
export type ReorderSuggestionList = Static<typeof ReorderSuggestionList>;

/** A draft order for a supplier from the centre's suggestions (each at the part's unit cost). */
export const DraftFromSuggestionsBody = Type.Object({ supplierId: Id('Supplier'), centerId: Id('Service centre') }, { additionalProperties: false });
export type DraftFromSuggestionsBody = Static<typeof DraftFromSuggestionsBody>;
