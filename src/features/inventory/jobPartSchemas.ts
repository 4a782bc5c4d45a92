import * as yup from 'yup';
import { MAX_STOCK_QUANTITY } from '@contract/inventoryTerms';
import { FIELD_MESSAGES as M } from './schemas';

/** The picker's refusal when no part is chosen. */
export const CHOOSE_A_PART = 'Choose a part';

/** A whole number as typed, from `min`, worded as the server words it (contract/inventory.ts Quantity and Level). */
const count = (min: 0 | 1) =>
  yup
    .string()
    .trim()
    .required(M.required('Quantity'))
    .test('whole', function check(value) {
      if (!/^[+-]?\d+$/.test(value)) return this.createError({ message: M.notWhole('Quantity') });
      const n = Number(value);
      if (n < min) return this.createError({ message: min === 1 ? M.atLeastOne : M.negative('Quantity') });
      return n > MAX_STOCK_QUANTITY ? this.createError({ message: M.tooLarge('Quantity') }) : true;
    });

/** Add part: which part, and how many (1 or more). */
export const addJobPartSchema = yup.object({ partId: yup.string().required(CHOOSE_A_PART), quantity: count(1) });
export type AddJobPartValues = yup.InferType<typeof addJobPartSchema>;

/** A used part's quantity from now on (0 returns it all). */
export const jobPartQuantitySchema = yup.object({ quantity: count(0) });
export type JobPartQuantityValues = yup.InferType<typeof jobPartQuantitySchema>;
