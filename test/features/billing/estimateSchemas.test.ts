import { BILLING_MESSAGES } from '@contract/billingTerms';
import { proposeItemSchema, reviseItemSchema, toHundredths } from '@/features/billing/estimateSchemas';

/** The first message the schema gives `values`, or null when they pass. */
async function problemOf(schema: typeof proposeItemSchema | typeof reviseItemSchema, values: Record<string, string>): Promise<string | null> {
  try {
    await schema.validate(values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const labour = { kind: 'LABOUR', description: 'Fit the pads', note: '', hours: '1.5', partId: '', quantity: '1', unitPrice: '5000.00' };

test('hours and quantities are read digit by digit, in hundredths', () => {
  expect(toHundredths('1.5')).toBe(150);
  expect(toHundredths('2')).toBe(200);
  expect(toHundredths('0.25')).toBe(25);
  expect(toHundredths(' 3.10 ')).toBe(310);
  expect(toHundredths('1.555')).toBeNull();
  expect(toHundredths('1e3')).toBeNull();
  expect(toHundredths('-1')).toBeNull();
});

test('Propose extra work: each kind’s rules, in the server’s words', async () => {
  expect(await problemOf(proposeItemSchema, labour)).toBeNull();
  expect(await problemOf(proposeItemSchema, { ...labour, description: '  ' })).toBe('Description is required');
  expect(await problemOf(proposeItemSchema, { ...labour, description: 'x'.repeat(201) })).toBe('Description must be at most 200 characters long');
  expect(await problemOf(proposeItemSchema, { ...labour, note: 'x'.repeat(501) })).toBe('Note must be at most 500 characters long');
  expect(await problemOf(proposeItemSchema, { ...labour, hours: '0' })).toBe('Hours must be more than zero');
  expect(await problemOf(proposeItemSchema, { ...labour, hours: '-2' })).toBe('Hours must be more than zero');
  expect(await problemOf(proposeItemSchema, { ...labour, hours: '' })).toBe('Hours is required');
  expect(await problemOf(proposeItemSchema, { ...labour, hours: 'abc' })).toBe('Hours must be a number with at most 2 decimals');
  expect(await problemOf(proposeItemSchema, { ...labour, hours: '10001' })).toBe('Hours is too large');
  // The labour rate is the server's default when the price is left empty.
  expect(await problemOf(proposeItemSchema, { ...labour, unitPrice: '' })).toBeNull();
  expect(await problemOf(proposeItemSchema, { ...labour, unitPrice: '12.345' })).toBe('Unit price must be a whole number of cents');
  expect(await problemOf(proposeItemSchema, { ...labour, unitPrice: '-5' })).toBe('Unit price cannot be negative');
  expect(await problemOf(proposeItemSchema, { ...labour, unitPrice: '10000001' })).toBe('Unit price is too large');

  const part = { ...labour, kind: 'PART', hours: '', partId: 'p-1', quantity: '2', unitPrice: '' };
  expect(await problemOf(proposeItemSchema, part)).toBeNull();
  expect(await problemOf(proposeItemSchema, { ...part, partId: '' })).toBe(BILLING_MESSAGES.partNeedsPart);
  expect(await problemOf(proposeItemSchema, { ...part, quantity: '1.5' })).toBe('Quantity must be a whole number');
  expect(await problemOf(proposeItemSchema, { ...part, quantity: '0' })).toBe('Quantity must be more than zero');

  const fee = { ...labour, kind: 'FEE', hours: '', unitPrice: '' };
  expect(await problemOf(proposeItemSchema, fee)).toBe(BILLING_MESSAGES.feeNeedsPrice);
  expect(await problemOf(proposeItemSchema, { ...fee, unitPrice: '1500' })).toBeNull();
  expect(await problemOf(proposeItemSchema, { ...fee, kind: 'DISCOUNT' })).toBe('Kind must be LABOUR, PART or FEE');
});

test('Edit: hours for labour, whole units otherwise, and a price', async () => {
  expect(await problemOf(reviseItemSchema, { kind: 'LABOUR', description: 'Fit', quantity: '0.5', unitPrice: '5000' })).toBeNull();
  expect(await problemOf(reviseItemSchema, { kind: 'PART', description: 'Pads', quantity: '0.5', unitPrice: '5000' })).toBe('Quantity must be a whole number');
  expect(await problemOf(reviseItemSchema, { kind: 'FEE', description: 'Fee', quantity: '1', unitPrice: '' })).toBe('Unit price is required');
});
