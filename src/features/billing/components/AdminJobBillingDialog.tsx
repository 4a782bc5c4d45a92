import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import type { Appointment } from '@contract/appointments';
import type { JobBilling } from '@contract/billing';
import { ESTIMATE_ITEM_STATUS_LABELS, INVOICE_STATUS_LABELS, MAX_LINE_DESCRIPTION_LENGTH, type ManualLineKind } from '@contract/billingTerms';
import { messageOf } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import { formatMoney, toMinor } from '@/features/jobs';
import { useGetJobBillingQuery } from '../billingApi';
import { useAddJobLineMutation, useIssueInvoiceMutation, useRecordDepositMutation, useRemoveJobLineMutation } from '../invoicesApi';
import { amountRule, PaymentFormDialog } from './InvoiceDialogs';
import { FormDialog } from '@/components/FormDialog';
import { quantityText } from './billingText';
import { BillingTotals } from './BillingTotals';
import styles from './Invoices.module.css';

const lineSchema = yup.object({
  description: yup.string().trim().required('Description is required').max(MAX_LINE_DESCRIPTION_LENGTH, `Description must be at most ${MAX_LINE_DESCRIPTION_LENGTH} characters long`),
  amount: amountRule,
});
type LineValues = yup.InferType<typeof lineSchema>;

type Form = { kind: 'line'; lineKind: ManualLineKind } | { kind: 'deposit' } | null;
interface Props {
  job: Appointment;
  context: string;
  onClose: () => void;
}

function LineDialog({ job, kind, onClose, onDone }: { job: Appointment; kind: ManualLineKind; onClose: () => void; onDone: (text: string) => void }) {
  const [add] = useAddJobLineMutation();
  const title = kind === 'FEE' ? 'Add fee' : 'Add discount';
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<LineValues>({
    resolver: yupResolver(lineSchema),
    defaultValues: { description: '', amount: '' },
    fieldOf: { description: 'description', amountMinor: 'amount' },
  });
  const send = async (values: LineValues) => {
    const amountMinor = toMinor(values.amount) ?? 0;
    await add({ jobId: job.id, kind, description: values.description, amountMinor }).unwrap();
    onDone(`${kind === 'FEE' ? 'Fee' : 'Discount'} of ${formatMoney(amountMinor)} added.`);
  };
  return (
    <FormDialog title={title} submitLabel={title} submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <TextField label="Description" maxLength={MAX_LINE_DESCRIPTION_LENGTH} error={errors.description?.message} {...field('description')} />
      <TextField label="Amount" inputMode="decimal" error={errors.amount?.message} {...field('amount')} />
    </FormDialog>
  );
}

function DepositDialog({ job, billing, onClose, onDone }: { job: Appointment; billing: JobBilling; onClose: () => void; onDone: (text: string) => void }) {
  const [record] = useRecordDepositMutation();
  return (
    <PaymentFormDialog
      title="Record deposit"
      submitLabel="Record deposit"
      startAmountMinor={billing.balanceMinor}
      onSend={async (body) => {
        await record({ jobId: job.id, ...body }).unwrap();
        onDone(`Deposit of ${formatMoney(body.amountMinor)} recorded.`);
      }}
      onClose={onClose}
    />
  );
}

/**
 * A job's billing for an admin, from the board: its lines, estimate items and their states, totals, payments; Add
 * fee, Add discount, Remove a manual line, Record deposit (before the invoice), Issue invoice.
 */
export default function AdminJobBillingDialog({ job, context, onClose }: Props) {
  const { data: billing, error, isLoading, refetch } = useGetJobBillingQuery(job.id);
  const [form, setForm] = useState<Form>(null);
  const [announcement, setAnnouncement] = useState('');
  const [issue, issueState] = useIssueInvoiceMutation();
  const [remove, removeState] = useRemoveJobLineMutation();

  const done = (text: string) => {
    setAnnouncement(text);
    setForm(null);
  };

  // One dialog at a time: the form takes the billing's place, and gives it back.
  if (billing && form?.kind === 'line') return <LineDialog job={job} kind={form.lineKind} onClose={() => setForm(null)} onDone={done} />;
  if (billing && form?.kind === 'deposit') return <DepositDialog job={job} billing={billing} onClose={() => setForm(null)} onDone={done} />;

  const live = billing?.invoice && billing.invoice.status !== 'VOID' ? billing.invoice : undefined;
  const invoiceable = job.status === 'IN_PROGRESS' || job.status === 'COMPLETED';
  const failure = issueState.isError ? messageOf(issueState.error) : removeState.isError ? messageOf(removeState.error) : null;

  return (
    <Modal open size="lg" onClose={onClose} title="Billing" description={context}>
      <DataState isLoading={isLoading} error={error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the job's billing">
        {billing && (
          <div className={styles.detail}>
            {failure && <Alert variant="error">{failure}</Alert>}
            <p className="visually-hidden" role="status">
              {announcement}
            </p>
            <table className={styles.lines}>
              <caption className="visually-hidden">Lines</caption>
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Amount</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {billing.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.description}</td>
                    <td>{quantityText(line.kind, line.quantityHundredths)}</td>
                    <td>{formatMoney(line.amountMinor)}</td>
                    <td>
                      {line.source === 'MANUAL' && !live && (
                        <Button variant="ghost" size="sm" aria-label={`Remove ${line.description}`} loading={removeState.isLoading && removeState.originalArgs?.id === line.id} onClick={() => void remove({ id: line.id, jobId: job.id }).unwrap().then(() => setAnnouncement(`${line.description} removed.`), () => undefined)}>
                          Remove
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {billing.items.length > 0 && (
              <ul className={styles.items} aria-label="Estimate items">
                {billing.items.map((item) => (
                  <li key={item.id}>
                    {item.description} · {formatMoney(item.amountMinor)} · {ESTIMATE_ITEM_STATUS_LABELS[item.status]}
                  </li>
                ))}
              </ul>
            )}
            <BillingTotals
              subtotalMinor={billing.subtotalMinor}
              taxMinor={billing.taxMinor}
              totalMinor={billing.totalMinor}
              taxRateBasisPoints={billing.taxRateBasisPoints}
              paidMinor={billing.paidMinor}
              balanceMinor={billing.balanceMinor}
            />
            {live && (
              <p>
                Invoice {live.number} · {INVOICE_STATUS_LABELS[live.status]}
              </p>
            )}
            {!live && (
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => setForm({ kind: 'line', lineKind: 'FEE' })}>
                  Add fee
                </Button>
                <Button variant="secondary" onClick={() => setForm({ kind: 'line', lineKind: 'DISCOUNT' })}>
                  Add discount
                </Button>
                <Button variant="secondary" onClick={() => setForm({ kind: 'deposit' })}>
                  Record deposit
                </Button>
                {invoiceable && (
                  <Button loading={issueState.isLoading} onClick={() => void issue({ jobId: job.id }).unwrap().then((invoice) => setAnnouncement(`Invoice ${invoice.number} issued.`), () => undefined)}>
                    Issue invoice
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </DataState>
    </Modal>
  );
}
