import { AdjustBody, PartFields, ReceiveBody, ReverseBody, StockSettingsBody, TransferBody } from '@contract/inventory';
import { MAX_CATEGORY_LENGTH, MAX_PART_NAME_LENGTH, MAX_REASON_LENGTH, MAX_SKU_LENGTH } from '@contract/inventoryTerms';
import { formatMoney, toDecimal, toMinor } from '@/features/jobs';
import { adjustSchema, FIELD_MESSAGES as M, partSchema, receiveSchema, stockLevelsSchema, transferSchema } from '@/features/inventory/schemas';

/** The `errorMessages` the server answers with for a field of a TypeBox schema. */
const serverSays = (schema: unknown): Record<string, string> => (schema as { errorMessages: Record<string, string> }).errorMessages;
const field = (object: unknown, name: string) => (object as { properties: Record<string, unknown> }).properties[name];

/** The first message the form gives for `values` (what the field shows), by field. */
async function formSays(schema: { validate: (values: unknown, options: object) => Promise<unknown> }, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    const out: Record<string, string> = {};
    for (const { path, message } of inner) out[path] ??= message;
    return out;
  }
}

describe("the inventory forms word their messages as the server's schemas do", () => {
  test('part fields', () => {
    expect(serverSays(PartFields.sku)).toEqual({
      required: M.required('SKU'),
      minLength: M.required('SKU'),
      type: M.required('SKU'),
      pattern: M.skuPattern,
      maxLength: M.tooLong('SKU', MAX_SKU_LENGTH),
    });
    expect(serverSays(PartFields.name)).toMatchObject({ required: M.required('Name'), maxLength: M.tooLong('Name', MAX_PART_NAME_LENGTH) });
    expect(serverSays(PartFields.category)).toMatchObject({ required: M.required('Category'), maxLength: M.tooLong('Category', MAX_CATEGORY_LENGTH) });
    expect(serverSays(PartFields.unit)).toEqual({ enum: M.unit, required: 'Unit is required' });
    for (const [name, label] of [
      ['unitCostMinor', 'Unit cost'],
      ['sellPriceMinor', 'Sell price'],
    ] as const) {
      expect(serverSays(PartFields[name])).toEqual({ required: M.required(label), type: M.notCents(label), minimum: M.negative(label), maximum: M.tooLarge(label) });
    }
  });

  test('movement and settings fields', () => {
    const quantity = { required: M.required('Quantity'), type: M.notWhole('Quantity'), minimum: M.atLeastOne, maximum: M.tooLarge('Quantity') };
    expect(serverSays(field(ReceiveBody, 'quantity'))).toEqual(quantity);
    expect(serverSays(field(TransferBody, 'quantity'))).toEqual(quantity);
    expect(serverSays(field(AdjustBody, 'quantity'))).toEqual({ ...quantity, minimum: M.tooLarge('Quantity') });
    expect(serverSays(field(AdjustBody, 'reason'))).toMatchObject({ required: M.required('Reason'), maxLength: M.tooLong('Reason', MAX_REASON_LENGTH) });
    expect(serverSays(field(ReverseBody, 'reason'))).toMatchObject({ required: M.required('Reason') });
    expect(serverSays(field(ReceiveBody, 'centerId'))).toMatchObject({ required: M.required('Service centre') });
    expect(serverSays(field(TransferBody, 'fromCenterId'))).toMatchObject({ required: M.required('From centre') });
    expect(serverSays(field(TransferBody, 'toCenterId'))).toMatchObject({ required: M.required('To centre') });
    for (const [name, label] of [
      ['reorderLevel', 'Reorder level'],
      ['reorderQuantity', 'Reorder quantity'],
    ] as const) {
      expect(serverSays(field(StockSettingsBody, name))).toEqual({ required: M.required(label), type: M.notWhole(label), minimum: M.negative(label), maximum: M.tooLarge(label) });
    }
  });
});

describe('the forms refuse what the server would, before sending', () => {
  const part = { sku: 'OIL-5W30', name: 'Engine oil', category: 'Oils', unit: 'litre', unitCost: '800', sellPrice: '1250.50' };

  test('a part', async () => {
    expect(await formSays(partSchema, part)).toEqual({});
    expect(await formSays(partSchema, { sku: ' ', name: '', category: '', unit: '', unitCost: '', sellPrice: '' })).toEqual({
      sku: 'SKU is required',
      name: 'Name is required',
      category: 'Category is required',
      unit: 'Unit is required',
      unitCost: 'Unit cost is required',
      sellPrice: 'Sell price is required',
    });
    expect(await formSays(partSchema, { ...part, sku: 'OIL 5W30', unit: 'gallon', unitCost: '-1', sellPrice: '12.345' })).toEqual({
      sku: M.skuPattern,
      unit: 'Unit must be one of each, litre, set, pair, metre, kg',
      unitCost: 'Unit cost cannot be negative',
      sellPrice: 'Sell price must be a whole number of cents',
    });
    expect(await formSays(partSchema, { ...part, sellPrice: '10000000.01' })).toEqual({ sellPrice: 'Sell price is too large' });
  });

  test('receive, adjust, transfer and reorder settings', async () => {
    const centre = 'c0000000-0000-4000-8000-000000000001';
    expect(await formSays(receiveSchema, { centerId: centre, quantity: '' })).toEqual({ quantity: 'Quantity is required' });
    expect(await formSays(receiveSchema, { centerId: centre, quantity: '0' })).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(await formSays(receiveSchema, { centerId: centre, quantity: '1.5' })).toEqual({ quantity: 'Quantity must be a whole number' });
    expect(await formSays(receiveSchema, { centerId: centre, quantity: '1000001' })).toEqual({ quantity: 'Quantity is too large' });
    expect(await formSays(adjustSchema, { centerId: centre, quantity: '0', reason: ' ' })).toEqual({ quantity: 'Quantity cannot be 0', reason: 'Reason is required' });
    expect(await formSays(adjustSchema, { centerId: centre, quantity: '-2', reason: 'Damaged' })).toEqual({});
    expect(await formSays(transferSchema, { fromCenterId: centre, toCenterId: centre, quantity: '1' })).toEqual({ toCenterId: 'Choose a different centre to transfer to.' });
    expect(await formSays(transferSchema, { fromCenterId: centre, toCenterId: '', quantity: '1' })).toEqual({ toCenterId: 'To centre is required' });
    expect(await formSays(stockLevelsSchema, { centerId: centre, reorderLevel: '-1', reorderQuantity: '' })).toEqual({
      reorderLevel: 'Reorder level cannot be negative',
      reorderQuantity: 'Reorder quantity is required',
    });
  });
});

describe('money in minor units', () => {
  test.each([
    ['1250.50', 125050],
    ['1250.5', 125050],
    ['1,250', 125000],
    ['0', 0],
    [' 7. ', 700],
    ['0.01', 1],
  ])('%p is %p minor units', (typed, minor) => {
    expect(toMinor(typed)).toBe(minor);
  });

  test.each(['', 'abc', '1.234', '1e3', '-5', '+5', '12.3.4'])('%p is not an amount', (typed) => {
    expect(toMinor(typed)).toBeNull();
  });

  test('shows an amount in the shop currency, and back as the form types it', () => {
    expect(formatMoney(125050).replace(/\s/g, ' ')).toBe('LKR 1,250.50');
    expect(toDecimal(125050)).toBe('1250.50');
    expect(toDecimal(7)).toBe('0.07');
  });
});
