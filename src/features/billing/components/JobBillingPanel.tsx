import { useId, useRef } from 'react';
import { Receipt } from 'lucide-react';
import type { EstimateItem, JobBilling } from '@contract/billing';
import { type Decision, INVOICE_STATUS_LABELS } from '@contract/billingTerms';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { DataState } from '@/components/DataState';
import { formatMoney, formatShortDate } from '@/features/jobs';
import { useDecideEstimateItemMutation, useGetJobBillingQuery } from '../billingApi';
import { awaitingText, DECIDED, keepFocus } from './billingText';
import { BillingLines, BillingTotals } from './BillingTotals';
import { DownloadInvoiceButton } from './DownloadInvoiceButton';
import { EstimateItems } from './EstimateItems';
import styles from './Billing.module.css';

/**
 * A job's "Billing" in the customer's job details: its lines and totals, the extra work proposed with Approve and
 * Decline on what awaits them, and its invoice with its balance and Download Invoice. Decisions are announced
 * politely; a refusal (decided or changed meanwhile: 409) shows the server's message, and the job's billing is read
 * again so the item shows as it now stands.
 */
export function JobBillingPanel({ jobId }: { jobId: string }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data, isLoading, error, refetch } = useGetJobBillingQuery(jobId);
  const [decide] = useDecideEstimateItemMutation();
  const { pending, error: failure, announcement, run, setError } = useRowAction();

  const onDecide = (item: EstimateItem, decision: Decision) =>
    void run(
      item.id,
      async () => {
        await decide({ jobId, itemId: item.id, decision, expectedVersion: item.version }).unwrap();
        return DECIDED[decision];
      },
      () => keepFocus(headingRef.current),
    );

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className={styles.panelHeading}>
        <Receipt aria-hidden="true" className={styles.icon} /> Billing
      </h4>
      {failure && (
        <Alert variant="error" onDismiss={() => setError(null)}>
          {failure}
        </Alert>
      )}
      <p role="status" aria-live="polite" className={styles.announcement}>
        {announcement}
      </p>
      <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the job’s billing">
        {data && <JobBillingView billing={data} busyId={pending} onDecide={onDecide} />}
      </DataState>
    </section>
  );
}

interface JobBillingViewProps {
  billing: JobBilling;
  busyId: string | null;
  onDecide: (item: EstimateItem, decision: Decision) => void;
}

function JobBillingView({ billing, busyId, onDecide }: JobBillingViewProps) {
  const itemsHeadingId = useId();
  const invoiceHeadingId = useId();
  const { invoice } = billing;
  const waiting = billing.items.filter((item) => item.status === 'PENDING').length;
  return (
    <>
      {billing.lines.length === 0 ? (
        <p className={styles.empty}>No charges yet.</p>
      ) : (
        <BillingLines lines={billing.lines} caption="Charges" />
      )}
      <BillingTotals subtotalMinor={billing.subtotalMinor} taxMinor={billing.taxMinor} totalMinor={billing.totalMinor} taxRateBasisPoints={billing.taxRateBasisPoints} />

      {billing.items.length > 0 && (
        <section aria-labelledby={itemsHeadingId} className={styles.subsection}>
          <h5 id={itemsHeadingId} className={styles.subheading}>
            Extra work
          </h5>
          {waiting > 0 && <p className={styles.waiting}>{awaitingText(waiting)}</p>}
          <EstimateItems items={billing.items} viewer="customer" onDecide={onDecide} busyId={busyId} labelledBy={itemsHeadingId} />
        </section>
      )}

      {invoice ? (
        <section aria-labelledby={invoiceHeadingId} className={styles.subsection}>
          <h5 id={invoiceHeadingId} className={styles.subheading}>
            Invoice
          </h5>
          <dl className={styles.facts}>
            <div>
              <dt>Number</dt>
              <dd>{invoice.number}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{INVOICE_STATUS_LABELS[invoice.status]}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatMoney(invoice.totalMinor)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatMoney(invoice.paidMinor)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{formatMoney(invoice.balanceMinor)}</dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>
                <time dateTime={invoice.dueOn}>{formatShortDate(invoice.dueOn)}</time>
                {invoice.overdue && <strong className={styles.overdue}> · Overdue</strong>}
              </dd>
            </div>
          </dl>
          <DownloadInvoiceButton invoice={invoice} />
        </section>
      ) : (
        billing.paidMinor > 0 && (
          <dl className={styles.facts}>
            <div>
              <dt>Paid</dt>
              <dd>{formatMoney(billing.paidMinor)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{formatMoney(billing.balanceMinor)}</dd>
            </div>
          </dl>
        )
      )}
    </>
  );
}
