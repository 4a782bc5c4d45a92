/**
 * The first Intl object a page makes loads the browser's locale data (30–80 ms on the bench machine): the jobs'
 * formats make none until something is formatted with one, and a catalogue price needs none at all (the admin board's
 * cards show one in their first frame).
 */
import type * as format from '@/features/jobs/format';
import type * as money from '@/features/jobs/money';

type Formats = typeof format & typeof money;

async function freshFormats(): Promise<Formats> {
  let formats: Formats | undefined;
  await jest.isolateModulesAsync(async () => {
    formats = { ...(await import('@/features/jobs/format')), ...(await import('@/features/jobs/money')) };
  });
  if (!formats) throw new Error('not loaded');
  return formats;
}

afterEach(() => jest.restoreAllMocks());

test('loading the formats makes no Intl object; a price is written without one, as en-US writes it', async () => {
  const numberFormat = jest.spyOn(Intl, 'NumberFormat');
  const { formatPrice } = await freshFormats();
  expect(numberFormat).not.toHaveBeenCalled();
  for (const amount of [0, 7, 999, 1000, 25000, 100000, 1234567]) {
    expect(formatPrice(amount)).toBe(`LKR ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount)}`);
  }
  expect(formatPrice(25000)).toBe('LKR 25,000');
  expect(formatPrice(1234567)).toBe('LKR 1,234,567');
  // Only the comparisons above made one.
  expect(numberFormat).toHaveBeenCalledTimes(7);
});

test('money makes its one formatter on first use and reuses it', async () => {
  const numberFormat = jest.spyOn(Intl, 'NumberFormat');
  const { formatMoney, toDecimal, toMinor } = await freshFormats();
  expect(numberFormat).not.toHaveBeenCalled();
  expect(toMinor('1,250.5')).toBe(125050);
  expect(numberFormat).toHaveBeenCalledTimes(1);
  expect(formatMoney(125050)).toBe('LKR\u00a01,250.50'); // Intl puts a no-break space after the code
  expect(toDecimal(125050)).toBe('1250.50');
  expect(toMinor('12.345')).toBeNull();
  expect(numberFormat).toHaveBeenCalledTimes(1);
});
