/** Billing's settings: defaults, exact conversion to basis points and minor units, and what a bad value is told. */
import { loadConfig } from '../../../server/src/config';

describe('billing settings', () => {
  it('defaults: no tax, 5000.00 an hour, due in 14 days, INV', () => {
    expect(loadConfig({}).billing).toEqual({ taxRateBasisPoints: 0, labourRateMinor: 500_000, invoiceDueDays: 14, invoiceNumberPrefix: 'INV' });
  });

  it('reads decimals exactly', () => {
    expect(loadConfig({ TAX_RATE_PERCENT: '18', LABOUR_RATE: '4000.5', INVOICE_DUE_DAYS: '0', INVOICE_NUMBER_PREFIX: 'CC' }).billing).toEqual({
      taxRateBasisPoints: 1800,
      labourRateMinor: 400_050,
      invoiceDueDays: 0,
      invoiceNumberPrefix: 'CC',
    });
    expect(loadConfig({ TAX_RATE_PERCENT: '12.75' }).billing.taxRateBasisPoints).toBe(1275);
    expect(loadConfig({ TAX_RATE_PERCENT: '100.00' }).billing.taxRateBasisPoints).toBe(10_000);
  });

  it.each([
    ['TAX_RATE_PERCENT', '100.5', 'TAX_RATE_PERCENT must be a number from 0 to 100 with at most 2 decimals (got "100.5")'],
    ['TAX_RATE_PERCENT', '18.125', 'TAX_RATE_PERCENT must be a number from 0 to 100 with at most 2 decimals (got "18.125")'],
    ['TAX_RATE_PERCENT', '-1', 'TAX_RATE_PERCENT must be a number from 0 to 100 with at most 2 decimals (got "-1")'],
    ['LABOUR_RATE', '12,50', 'LABOUR_RATE must be an amount from 0 to 9999999.99 with at most 2 decimals (got "12,50")'],
    ['INVOICE_DUE_DAYS', '400', 'INVOICE_DUE_DAYS must be a whole number between 0 and 365 (got "400")'],
    ['INVOICE_NUMBER_PREFIX', 'inv', 'INVOICE_NUMBER_PREFIX must be 1 to 10 capital letters A-Z (got "inv")'],
  ])('%s=%s is refused', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
