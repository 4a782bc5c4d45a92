import type { JobLine } from '@contract/billing';
import { formatMoney } from '@/features/jobs';
import { hundredthsText, quantityText, taxRateText } from './billingText';
import styles from './Billing.module.css';

export interface BillingTotalsProps {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** The rate, when the answer gives it: "Tax (18%)". */
  taxRateBasisPoints?: number;
  /** What was paid and what is left, where the admin takes payments. */
  paidMinor?: number;
  balanceMinor?: number;
}

/** Subtotal, tax and total of a job's lines or an invoice's, and (when given) paid and balance. */
export function BillingTotals({ subtotalMinor, taxMinor, totalMinor, taxRateBasisPoints, paidMinor, balanceMinor }: BillingTotalsProps) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(subtotalMinor)}</dd>
      </div>
      <div>
        <dt>{taxRateBasisPoints === undefined ? 'Tax' : `Tax (${taxRateText(taxRateBasisPoints)})`}</dt>
        <dd>{formatMoney(taxMinor)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{formatMoney(totalMinor)}</dd>
      </div>
      {paidMinor !== undefined && (
        <div>
          <dt>Paid</dt>
          <dd>{formatMoney(paidMinor)}</dd>
        </div>
      )}
      {balanceMinor !== undefined && (
        <div>
          <dt>Balance</dt>
          <dd>{formatMoney(balanceMinor)}</dd>
        </div>
      )}
    </dl>
  );
}

/** A job's lines (the service (one, whatever its duration), approved extra work, parts used, fees and discounts): description, quantity, amount. */
export function BillingLines({ lines, caption }: { lines: readonly JobLine[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.lines}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className={styles.number}>
              Quantity
            </th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.description}</td>
              <td className={styles.number}>{line.source === 'SERVICE' ? hundredthsText(line.quantityHundredths) : quantityText(line.kind, line.quantityHundredths)}</td>
              <td className={styles.number}>{formatMoney(line.amountMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
