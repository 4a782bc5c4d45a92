import { lazy, Suspense, useState } from 'react';
import { Receipt } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import type { BillingSummary } from '@contract/billing';
import { INVOICE_STATUS_LABELS } from '@contract/billingTerms';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { formatMoney } from '@/features/jobs';
import styles from './Invoices.module.css';

// Its own small chunk: only an admin who opens a job's billing loads the form.
const AdminJobBillingDialog = lazy(() => import(/* webpackChunkName: "admin-job-billing" */ './AdminJobBillingDialog'));

/** "Estimate LKR …", "2 awaiting approval", "Invoice INV-2026-000123 · Partly paid": a board card's billing in a line. */
export function BoardBillingState({ summary }: { summary: BillingSummary | undefined }) {
  if (!summary) return null;
  const { invoice } = summary;
  return (
    <p className={styles.cardBilling}>
      {invoice ? (
        <span>
          Invoice {invoice.number} · {INVOICE_STATUS_LABELS[invoice.status]}
        </span>
      ) : (
        <span>Estimate {formatMoney(summary.totalMinor)}</span>
      )}
      {summary.pendingItems > 0 && <span> · {summary.pendingItems} awaiting approval</span>}
    </p>
  );
}

/** The card's "Billing" button (named for its job) and, once pressed, the job's billing dialog. */
export function BoardBillingButton({ job, context }: { job: Appointment; context: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" fullWidth startIcon={<Receipt aria-hidden="true" />} aria-label={`Billing, ${context}`} onClick={() => setOpen(true)}>
        Billing
      </Button>
      {open && (
        <Suspense fallback={<Spinner label="Loading billing" />}>
          <AdminJobBillingDialog job={job} context={context} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
