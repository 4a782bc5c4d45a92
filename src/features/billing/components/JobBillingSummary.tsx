import { useMemo } from 'react';
import type { BillingSummary } from '@contract/billing';
import { INVOICE_STATUS_LABELS } from '@contract/billingTerms';
import { formatMoney } from '@/features/jobs';
import { summaryKey, useGetBillingSummariesQuery } from '../billingApi';
import { awaitingText } from './billingText';
import styles from './Billing.module.css';

const NONE: ReadonlyMap<string, BillingSummary> = new Map();

/**
 * The billing summaries of a list's jobs, by job id: one request for the whole list (GET /billing/summaries, up to
 * 100 jobs a request). While it loads, or if it fails, the rows show no amounts.
 */
export function useBillingSummaries(jobIds: readonly string[]): ReadonlyMap<string, BillingSummary> {
  const key = summaryKey(jobIds);
  const { data } = useGetBillingSummariesQuery(key, { skip: key === '' });
  return useMemo(() => (data ? new Map(data.map((summary) => [summary.appointmentId, summary])) : NONE), [data]);
}

/**
 * A job's total in a list row, with "2 items awaiting your approval" and its invoice's state. Phrasing content only:
 * it sits inside the row's button, whose name it joins. A cancelled job without an invoice owes nothing: no total.
 */
export function JobBillingSummary({ summary, cancelled = false }: { summary: BillingSummary | undefined; cancelled?: boolean }) {
  if (!summary || (cancelled && !summary.invoice)) return null;
  const { invoice } = summary;
  return (
    <span className={styles.summary}>
      <span>Total {formatMoney(summary.totalMinor)}</span>
      {summary.pendingItems > 0 && <span className={styles.summaryWaiting}>{awaitingText(summary.pendingItems)}</span>}
      {invoice && (
        <span>
          Invoice {INVOICE_STATUS_LABELS[invoice.status]}
          {invoice.status !== 'VOID' && invoice.balanceMinor > 0 && ` · Balance ${formatMoney(invoice.balanceMinor)}`}
        </span>
      )}
    </span>
  );
}
