import * as yup from 'yup';
import {
  BILLING_MESSAGES,
  type EstimateItemKind,
  ESTIMATE_ITEM_KINDS,
  MAX_AMOUNT_MINOR,
  MAX_LINE_DESCRIPTION_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_QUANTITY_HUNDREDTHS,
} from '@contract/billingTerms';
import { toMinor } from '@/features/jobs';

/**
 * The extra-work forms' rules, each message worded as the server's (contract/billing.ts `errorMessages`, and
 * BILLING_MESSAGES), so a field reads the same whether the form or the server refused it.
 */
export const ESTIMATE_FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
  notNumber: (label: string) => `${label} must be a number with at most 2 decimals`,
  notWhole: (label: string) => `${label} must be a whole number`,
  notMore: (label: string) => `${label} must be more than zero`,
  tooLarge: (label: string) => `${label} is too large`,
  notCents: (label: string) => `${label} must be a whole number of cents`,
  negative: (label: string) => `${label} cannot be negative`,
} as const;

const M = ESTIMATE_FIELD_MESSAGES;

/** "1.5" → 150 (hundredths, read digit by digit); null when it is not a plain number with at most 2 decimals. */
export function toHundredths(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A quantity as typed: hours may have 2 decimals ("1.5"); a part's or fee's units are whole. */
const quantityTest = (label: string, whole: boolean) =>
  function check(this: yup.TestContext, value: string | undefined) {
    const text = (value ?? '').trim();
    if (text === '') return this.createError({ message: M.required(label) });
    if (/^-\s*\d/.test(text)) return this.createError({ message: M.notMore(label) });
    if (whole && !/^\d+$/.test(text)) return this.createError({ message: M.notWhole(label) });
    const hundredths = toHundredths(text);
    if (hundredths === null) return this.createError({ message: M.notNumber(label) });
    if (hundredths < 1) return this.createError({ message: M.notMore(label) });
    if (hundredths > MAX_QUANTITY_HUNDREDTHS) return this.createError({ message: M.tooLarge(label) });
    return true;
  };

/** A unit price as typed ("8500.00"); empty is allowed where the server has a default (the labour rate, the part's price). */
const priceTest = (label: string) =>
  function check(this: yup.TestContext, value: string | undefined) {
    const text = (value ?? '').trim();
    if (text === '') return true;
    if (/^-\s*[\d.,]/.test(text)) return this.createError({ message: M.negative(label) });
    const minor = toMinor(text);
    if (minor === null) return this.createError({ message: M.notCents(label) });
    if (minor > MAX_AMOUNT_MINOR) return this.createError({ message: M.tooLarge(label) });
    return true;
  };

const description = yup.string().trim().required(M.required('Description')).max(MAX_LINE_DESCRIPTION_LENGTH, M.tooLong('Description', MAX_LINE_DESCRIPTION_LENGTH));
const note = yup.string().trim().max(MAX_NOTE_LENGTH, M.tooLong('Note', MAX_NOTE_LENGTH));

/**
 * Propose extra work: Labour needs hours, Part a chosen part and a quantity, Fee its price (BILLING_MESSAGES); the
 * unit price may be left for the server's default otherwise.
 */
export const proposeItemSchema = yup.object({
  kind: yup
    .string<EstimateItemKind>()
    .required('Kind is required')
    .test('kind', 'Kind must be LABOUR, PART or FEE', (value) => (ESTIMATE_ITEM_KINDS as readonly string[]).includes(value)),
  description,
  note,
  hours: yup.string().when('kind', { is: 'LABOUR', then: (schema) => schema.test('hours', quantityTest('Hours', false)), otherwise: (schema) => schema.strip() }),
  partId: yup.string().when('kind', { is: 'PART', then: (schema) => schema.required(BILLING_MESSAGES.partNeedsPart), otherwise: (schema) => schema.strip() }),
  quantity: yup.string().when('kind', { is: 'PART', then: (schema) => schema.test('quantity', quantityTest('Quantity', true)), otherwise: (schema) => schema.strip() }),
  unitPrice: yup
    .string()
    .test('price', priceTest('Unit price'))
    .when('kind', { is: 'FEE', then: (schema) => schema.trim().required(BILLING_MESSAGES.feeNeedsPrice) }),
});
export type ProposeItemValues = yup.InferType<typeof proposeItemSchema>;

/** Edit an item: a new price or quantity makes a new version the customer approves again. */
export const reviseItemSchema = yup.object({
  kind: yup.string<EstimateItemKind>().required(),
  description,
  quantity: yup.string().when('kind', {
    is: 'LABOUR',
    then: (schema) => schema.test('hours', quantityTest('Hours', false)),
    otherwise: (schema) => schema.test('quantity', quantityTest('Quantity', true)),
  }),
  unitPrice: yup.string().trim().required(M.required('Unit price')).test('price', priceTest('Unit price')),
});
export type ReviseItemValues = yup.InferType<typeof reviseItemSchema>;
