import * as yup from 'yup';
import {
  INVENTORY_MESSAGES,
  MAX_CATEGORY_LENGTH,
  MAX_MONEY_MINOR,
  MAX_PART_NAME_LENGTH,
  MAX_REASON_LENGTH,
  MAX_SKU_LENGTH,
  MAX_STOCK_QUANTITY,
  PART_UNITS,
  type PartUnit,
} from '@contract/inventoryTerms';
import { toMinor } from '@/features/jobs';

/**
 * The inventory forms' rules, one yup schema per form (architecture.md §6), each message worded as the server's
 * (server/src/contract/inventory.ts `errorMessages`; test/features/inventory/schemas.test.ts holds them together),
 * so a field reads the same whether the form or the server refused it.
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
  skuPattern: 'SKU may contain only letters, digits, dots, hyphens, underscores and slashes',
  unit: `Unit must be one of ${PART_UNITS.join(', ')}`,
  notCents: (label: string) => `${label} must be a whole number of cents`,
  negative: (label: string) => `${label} cannot be negative`,
  tooLarge: (label: string) => `${label} is too large`,
  notWhole: (label: string) => `${label} must be a whole number`,
  atLeastOne: 'Quantity must be at least 1',
  zero: 'Quantity cannot be 0',
} as const;

const M = FIELD_MESSAGES;

/** A required line of text, trimmed, at most `max` characters. */
export const text = (label: string, max: number) => yup.string().trim().required(M.required(label)).max(max, M.tooLong(label, max));

/** A money amount as typed ("1250.50"): 0 or more, whole cents, at most the contract's maximum once in minor units. */
export const money = (label: string) =>
  yup
    .string()
    .trim()
    .required(M.required(label))
    .test('money', function check(value) {
      if (/^-\s*[\d.,]/.test(value)) return this.createError({ message: M.negative(label) });
      const minor = toMinor(value);
      if (minor === null) return this.createError({ message: M.notCents(label) });
      if (minor > MAX_MONEY_MINOR) return this.createError({ message: M.tooLarge(label) });
      return true;
    });

/** A whole number as typed, checked by `rule` once it is one (which answers its message, or null). */
const whole = (label: string, rule: (n: number) => string | null) =>
  yup
    .string()
    .trim()
    .required(M.required(label))
    .test('whole', function check(value) {
      if (!/^[+-]?\d+$/.test(value)) return this.createError({ message: M.notWhole(label) });
      const problem = rule(Number(value));
      return problem ? this.createError({ message: problem }) : true;
    });

/** A count of units moved: 1 or more. */
export const quantity = whole('Quantity', (n) => (n < 1 ? M.atLeastOne : n > MAX_STOCK_QUANTITY ? M.tooLarge('Quantity') : null));

/** A stock level setting: 0 or more. */
export const level = (label: string) => whole(label, (n) => (n < 0 ? M.negative(label) : n > MAX_STOCK_QUANTITY ? M.tooLarge(label) : null));

const centre = (label: string) => yup.string().required(M.required(label));

export const partSchema = yup.object({
  sku: text('SKU', MAX_SKU_LENGTH).matches(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, M.skuPattern),
  name: text('Name', MAX_PART_NAME_LENGTH),
  category: text('Category', MAX_CATEGORY_LENGTH),
  // A test rather than oneOf, which yup checks before required: an empty Unit says it is required.
  unit: yup
    .string<PartUnit>()
    .required('Unit is required')
    .test('unit', M.unit, (value) => (PART_UNITS as readonly string[]).includes(value)),
  unitCost: money('Unit cost'),
  sellPrice: money('Sell price'),
});
export type PartValues = yup.InferType<typeof partSchema>;

export const receiveSchema = yup.object({ centerId: centre('Service centre'), quantity });
export type ReceiveValues = yup.InferType<typeof receiveSchema>;

/** Signed: + found, − lost or damaged; never 0. */
export const adjustSchema = yup.object({
  centerId: centre('Service centre'),
  quantity: whole('Quantity', (n) => (n === 0 ? M.zero : Math.abs(n) > MAX_STOCK_QUANTITY ? M.tooLarge('Quantity') : null)),
  reason: text('Reason', MAX_REASON_LENGTH),
});
export type AdjustValues = yup.InferType<typeof adjustSchema>;

export const transferSchema = yup.object({
  fromCenterId: centre('From centre'),
  toCenterId: centre('To centre').notOneOf([yup.ref('fromCenterId')], INVENTORY_MESSAGES.sameCenter),
  quantity,
});
export type TransferValues = yup.InferType<typeof transferSchema>;

export const stockLevelsSchema = yup.object({
  centerId: centre('Service centre'),
  reorderLevel: level('Reorder level'),
  reorderQuantity: level('Reorder quantity'),
});
export type StockLevelsValues = yup.InferType<typeof stockLevelsSchema>;

export const reverseSchema = yup.object({ reason: text('Reason', MAX_REASON_LENGTH) });
export type ReverseValues = yup.InferType<typeof reverseSchema>;
