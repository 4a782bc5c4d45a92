import { onFirstUse } from '@/lib/onFirstUse';
import { CURRENCY_LABEL } from './format';

/** Prices in the shop's one currency (the jobs domain's constant), with its own minor unit (LKR: cents, 2 digits). */
const moneyFormat = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY_LABEL }));

/** Digits after the point of the currency's minor unit, as Intl knows it. */
const minorDigits = onFirstUse(() => moneyFormat().resolvedOptions().maximumFractionDigits ?? 2);
const minorPerMajor = () => 10 ** minorDigits();

/** 125050 → "LKR 1,250.50". */
export function formatMoney(minor: number): string {
  return moneyFormat().format(minor / minorPerMajor());
}

/** 125050 → "1250.50": an amount as a form shows it for editing. */
export function toDecimal(minor: number): string {
  return (minor / minorPerMajor()).toFixed(minorDigits());
}

const decimal = onFirstUse(() => new RegExp(`^(\\d+)(?:\\.(\\d{0,${minorDigits()}}))?$`));

/**
 * "1250.5" → 125050, read digit by digit (no floating point); null when it is not a plain amount with at most the
 * currency's minor digits ("12.345", "1e3", "abc"). Thousands separators are allowed and ignored.
 */
export function toMinor(text: string): number | null {
  const match = decimal().exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * minorPerMajor() + Number(fraction.padEnd(minorDigits(), '0'));
}
