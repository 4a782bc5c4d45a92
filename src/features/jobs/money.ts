import { CURRENCY_LABEL } from './format';

/** Prices in the shop's one currency (the jobs domain's constant), with its own minor unit (LKR: cents, 2 digits). */
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY_LABEL });

/** Digits after the point of the currency's minor unit, as Intl knows it. */
export const MINOR_DIGITS = moneyFormat.resolvedOptions().maximumFractionDigits ?? 2;
const MINOR_PER_MAJOR = 10 ** MINOR_DIGITS;

/** 125050 → "LKR 1,250.50". */
export function formatMoney(minor: number): string {
  return moneyFormat.format(minor / MINOR_PER_MAJOR);
}

/** 125050 → "1250.50": an amount as a form shows it for editing. */
export function toDecimal(minor: number): string {
  return (minor / MINOR_PER_MAJOR).toFixed(MINOR_DIGITS);
}

const DECIMAL = new RegExp(`^(\\d+)(?:\\.(\\d{0,${MINOR_DIGITS}}))?$`);

/**
 * "1250.5" → 125050, read digit by digit (no floating point); null when it is not a plain amount with at most the
 * currency's minor digits ("12.345", "1e3", "abc"). Thousands separators are allowed and ignored.
 */
export function toMinor(text: string): number | null {
  const match = DECIMAL.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(MINOR_DIGITS, '0'));
}
