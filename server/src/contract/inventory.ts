/** /api/parts and /api/appointments/:id/parts: the parts catalogue, stock per centre as a ledger, parts used on jobs. */
import { type Static, Type } from 'typebox';
import { ExpectedVersion, Id, Paged, PageQuery, StringEnum } from './common';
import {
  INVENTORY_MESSAGES,
  MAX_CATEGORY_LENGTH,
  MAX_MONEY_MINOR,
  MAX_PART_NAME_LENGTH,
  MAX_REASON_LENGTH,
  MAX_SKU_LENGTH,
  MAX_STOCK_QUANTITY,
  PART_UNITS,
  STOCK_MOVEMENT_KINDS,
} from './inventoryTerms';

export * from './inventoryTerms';

export const text = (label: string, maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '\\S',
    errorMessages: { required: `${label} is required`, minLength: `${label} is required`, pattern: `${label} is required`, type: `${label} is required`, maxLength: `${label} must be at most ${maxLength} characters long` },
  });

/** Letters, digits and - _ . / only, so a SKU reads the same in a CSV, a URL and a label. */
const Sku = Type.String({
  minLength: 1,
  maxLength: MAX_SKU_LENGTH,
  pattern: '^ *[A-Za-z0-9][A-Za-z0-9._/-]* *$',
  errorMessages: {
    required: 'SKU is required',
    minLength: 'SKU is required',
    type: 'SKU is required',
    pattern: 'SKU may contain only letters, digits, dots, hyphens, underscores and slashes',
    maxLength: `SKU must be at most ${MAX_SKU_LENGTH} characters long`,
  },
});

/** An amount of money in minor units (cents): a whole number, 0 or more. */
export const Money = (label: string) =>
  Type.Integer({
    minimum: 0,
    maximum: MAX_MONEY_MINOR,
    errorMessages: { required: `${label} is required`, type: `${label} must be a whole number of cents`, minimum: `${label} cannot be negative`, maximum: `${label} is too large` },
  });

/** A count of units moved: a whole number from 1. */
export const Quantity = Type.Integer({
  minimum: 1,
  maximum: MAX_STOCK_QUANTITY,
  errorMessages: { required: 'Quantity is required', type: 'Quantity must be a whole number', minimum: 'Quantity must be at least 1', maximum: 'Quantity is too large' },
});

/** A stock level setting: a whole number, 0 or more. */
const Level = (label: string) =>
  Type.Integer({
    minimum: 0,
    maximum: MAX_STOCK_QUANTITY,
    errorMessages: { required: `${label} is required`, type: `${label} must be a whole number`, minimum: `${label} cannot be negative`, maximum: `${label} is too large` },
  });

const Unit = StringEnum(PART_UNITS, { errorMessages: { enum: `Unit must be one of ${PART_UNITS.join(', ')}`, required: 'Unit is required' } });

export const PartFields = {
  sku: Sku,
  name: text('Name', MAX_PART_NAME_LENGTH),
  category: text('Category', MAX_CATEGORY_LENGTH),
  unit: Unit,
  unitCostMinor: Money('Unit cost'),
  sellPriceMinor: Money('Sell price'),
};

export const NewPartBody = Type.Object(PartFields, { additionalProperties: false });
export type NewPartBody = Static<typeof NewPartBody>;

/** Any of the fields, and `archived`; `expectedVersion` refuses a change made on a stale copy. */
export const PartPatch = Type.Object(
  {
    ...Type.Partial(Type.Object(PartFields)).properties,
    archived: Type.Optional(Type.Boolean()),
    expectedVersion: ExpectedVersion,
  },
  { additionalProperties: false },
);
export type PartPatch = Static<typeof PartPatch>;

/** A part, with its stock at one centre when the list was asked for one. */
export const Part = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  category: Type.String(),
  unit: StringEnum(PART_UNITS),
  unitCostMinor: Type.Integer(),
  sellPriceMinor: Type.Integer(),
  archived: Type.Boolean(),
});
export type Part = Static<typeof Part>;

/** A part's stock at one centre. `available` = `onHand` − `reserved`; `low` when available ≤ the reorder level (> 0). */
export const StockLevel = Type.Object({
  centerId: Type.String(),
  onHand: Type.Integer(),
  reserved: Type.Integer(),
  available: Type.Integer(),
  reorderLevel: Type.Integer(),
  reorderQuantity: Type.Integer(),
  low: Type.Boolean(),
});
export type StockLevel = Static<typeof StockLevel>;

export const PartWithStock = Type.Object({ ...Part.properties, stock: StockLevel });
export type PartWithStock = Static<typeof PartWithStock>;

export const PartListQuery = Type.Object(
  {
    ...PageQuery,
    centerId: Id('Service centre'),
    /** Part of a SKU or a name. */
    q: Type.Optional(Type.String({ maxLength: 100, errorMessages: { maxLength: 'Search must be at most 100 characters long' } })),
    lowStock: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PartListQuery = Static<typeof PartListQuery>;

export const PartPage = Paged(PartWithStock);
export type PartPage = Static<typeof PartPage>;

export const PartParams = Type.Object({ id: Id('Part') });
export const PartCenterParams = Type.Object({ id: Id('Part'), centerId: Id('Service centre') });

export const StockSettingsBody = Type.Object({ reorderLevel: Level('Reorder level'), reorderQuantity: Level('Reorder quantity') }, { additionalProperties: false });
export type StockSettingsBody = Static<typeof StockSettingsBody>;

export const ReceiveBody = Type.Object({ centerId: Id('Service centre'), quantity: Quantity }, { additionalProperties: false });
export type ReceiveBody = Static<typeof ReceiveBody>;

/** `quantity` is signed: + found, − lost or damaged (not 0: the service answers "Quantity cannot be 0"). */
export const AdjustBody = Type.Object(
  {
    centerId: Id('Service centre'),
    quantity: Type.Integer({
      minimum: -MAX_STOCK_QUANTITY,
      maximum: MAX_STOCK_QUANTITY,
      errorMessages: { required: 'Quantity is required', type: 'Quantity must be a whole number', minimum: 'Quantity is too large', maximum: 'Quantity is too large' },
    }),
    reason: text('Reason', MAX_REASON_LENGTH),
  },
  { additionalProperties: false },
);
export type AdjustBody = Static<typeof AdjustBody>;

export const TransferBody = Type.Object({ fromCenterId: Id('From centre'), toCenterId: Id('To centre'), quantity: Quantity }, { additionalProperties: false });
export type TransferBody = Static<typeof TransferBody>;

export const StockMovement = Type.Object({
  id: Type.String(),
  partId: Type.String(),
  centerId: Type.String(),
  kind: StringEnum(STOCK_MOVEMENT_KINDS),
  /** Signed: + into the centre, − out of it. */
  quantity: Type.Integer(),
  reason: Type.Optional(Type.String()),
  appointmentId: Type.Optional(Type.String()),
  reversesId: Type.Optional(Type.String()),
  reversedBy: Type.Optional(Type.String()),
  actor: Type.Object({ id: Type.String(), fullName: Type.String() }),
  occurredAt: Type.String(),
});
export type StockMovement = Static<typeof StockMovement>;

export const MovementListQuery = Type.Object({ ...PageQuery, centerId: Id('Service centre') }, { additionalProperties: false });
export type MovementListQuery = Static<typeof MovementListQuery>;

export const MovementPage = Paged(StockMovement);
export type MovementPage = Static<typeof MovementPage>;

/** The movements a request made and the stock level(s) after them. */
export const StockChange = Type.Object({ movements: Type.Array(StockMovement), stock: Type.Array(StockLevel) });
export type StockChange = Static<typeof StockChange>;

export const MovementParams = Type.Object({ id: Id('Part'), movementId: Type.String({ pattern: '^[1-9][0-9]{0,17}$', errorMessages: { pattern: 'Stock movement not found', type: 'Stock movement not found' } }) });
export const ReverseBody = Type.Object({ reason: text('Reason', MAX_REASON_LENGTH) }, { additionalProperties: false });
export type ReverseBody = Static<typeof ReverseBody>;

/** A part used on a job. */
export const JobPart = Type.Object({
  partId: Type.String(),
  sku: Type.String(),
  name: Type.String(),
  unit: StringEnum(PART_UNITS),
  quantity: Type.Integer(),
  /** What the customer pays per unit, in minor units. */
  sellPriceMinor: Type.Integer(),
});
export type JobPart = Static<typeof JobPart>;

/** A kit part held for a confirmed job at its centre (used parts consume it; completing the job releases the rest). */
/** A quantity of a part, named as the screens show it. */
const PartQuantity = Type.Object({ partId: Type.String(), sku: Type.String(), name: Type.String(), unit: StringEnum(PART_UNITS), quantity: Type.Integer() });

export const ReservedPart = PartQuantity;
export type ReservedPart = Static<typeof ReservedPart>;

/** The parts used on a job (`items`) and what is still reserved for it (`reserved`). */
export const JobPartList = Type.Object({ items: Type.Array(JobPart), reserved: Type.Array(ReservedPart) });
export type JobPartList = Static<typeof JobPartList>;

export const JobPartParams = Type.Object({ id: Id('Appointment'), partId: Id('Part') });

/** The quantity of the part used on the job from now on (0 returns it all to stock). */
export const JobPartBody = Type.Object({ quantity: Level('Quantity') }, { additionalProperties: false });
export type JobPartBody = Static<typeof JobPartBody>;

/** Adds units of a part to what the job used. */
export const AddJobPartBody = Type.Object({ partId: Id('Part'), quantity: Quantity }, { additionalProperties: false });
export type AddJobPartBody = Static<typeof AddJobPartBody>;

/** A part with its stock at every centre. */
export const PartDetail = Type.Object({ ...Part.properties, stock: Type.Array(StockLevel) });
export type PartDetail = Static<typeof PartDetail>;

/** One part of a service type's standard kit. */
export const KitLine = PartQuantity;
export type KitLine = Static<typeof KitLine>;

export const ServiceKit = Type.Object({ serviceType: Type.String(), lines: Type.Array(KitLine) });
export type ServiceKit = Static<typeof ServiceKit>;

export const ServiceKitList = Type.Object({ items: Type.Array(ServiceKit) });
export type ServiceKitList = Static<typeof ServiceKitList>;

export const ServiceKitParams = Type.Object({
  serviceType: Type.String({ maxLength: 40, pattern: '^[A-Z_]+$', errorMessages: { pattern: INVENTORY_MESSAGES.serviceTypeNotFound, maxLength: INVENTORY_MESSAGES.serviceTypeNotFound } }),
});

/** A service type's whole kit (replaces the one it had); each part once. */
export const ServiceKitBody = Type.Object(
  {
    lines: Type.Array(Type.Object({ partId: Id('Part'), quantity: Quantity }, { additionalProperties: false }), {
      maxItems: 50,
      errorMessages: { maxItems: 'A kit can have at most 50 parts', type: 'Lines must be a list' },
    }),
  },
  { additionalProperties: false },
);
export type ServiceKitBody = Static<typeof ServiceKitBody>;

/** A kit part an open job is short of at its centre. */
export const ShortLine = Type.Object({
  partId: Type.String(),
  sku: Type.String(),
  name: Type.String(),
  /** The kit's quantity. */
  needed: Type.Integer(),
  used: Type.Integer(),
  reserved: Type.Integer(),
  /** Free at the centre now (not reserved for any job). */
  available: Type.Integer(),
});
export type ShortLine = Static<typeof ShortLine>;

/**
 * Open jobs whose kit is not covered at their centre: a confirmed or started job when used + reserved is less than
 * the kit; a booked (pending) job when what it would need is more than is free there now.
 */
export const PartsShortage = Type.Object({ appointmentId: Type.String(), lines: Type.Array(ShortLine) });
export type PartsShortage = Static<typeof PartsShortage>;

export const PartsShortageList = Type.Object({ items: Type.Array(PartsShortage) });
export type PartsShortageList = Static<typeof PartsShortageList>;

/** POST /api/parts/import (a `text/csv` body, PART_CSV_COLUMNS): how many parts it made and how many it updated. */
export const ImportResult = Type.Object({ created: Type.Integer(), updated: Type.Integer() });
export type ImportResult = Static<typeof ImportResult>;

/** GET /api/parts/export.csv: the catalogue, with the stock at `centerId` when given. */
export const ExportQuery = Type.Object({ centerId: Type.Optional(Id('Service centre')) }, { additionalProperties: false });
export type ExportQuery = Static<typeof ExportQuery>;
