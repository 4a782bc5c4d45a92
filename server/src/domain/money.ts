/** The shop's one currency, as the SPA labels it (src/features/jobs/format.ts CURRENCY_LABEL). */
const CURRENCY = 'LKR';

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in minor units as a notification, an e-mail and the invoice PDF write it: 125050 → "LKR 1,250.50", a
 * discount's −50000 → "-LKR 500.00" (the SPA's formatMoney, with a plain space).
 */
export function moneyText(minor: number): string {
  return `${minor < 0 ? '-' : ''}${CURRENCY} ${amountFormat.format(Math.abs(minor) / 100)}`;
}
