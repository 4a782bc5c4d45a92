import * as yup from 'yup';
import { level, quantity } from './schemas';

/** The picker's refusal when no part is chosen. */
export const CHOOSE_A_PART = 'Choose a part';

/** Add part: which part, and how many (1 or more). */
export const addJobPartSchema = yup.object({ partId: yup.string().required(CHOOSE_A_PART), quantity });
export type AddJobPartValues = yup.InferType<typeof addJobPartSchema>;

/** A used part's quantity from now on (0 returns it all). */
export const jobPartQuantitySchema = yup.object({ quantity: level('Quantity') });
export type JobPartQuantityValues = yup.InferType<typeof jobPartQuantitySchema>;
