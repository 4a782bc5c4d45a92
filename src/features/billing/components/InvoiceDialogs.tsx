import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import type { Invoice, PaymentBody } from '@contract/billing';
import { MAX_PAYMENT_REFERENCE_LENGTH, MAX_VOID_REASON_LENGTH, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@contract/billingTerms';
import { useServerForm } from '@/api/useServerForm';
import { Select } from '@/components/Select';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { formatMoney, toDecimal, toMinor } from '@/features/jobs';
import { toDateKey } from '@/lib/calendar';
import { useRecordPaymentMutation, useVoidInvoiceMutation } from '../invoicesApi';
import { FormDialog } from '@/components/FormDialog';

export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** An amount as typed ("2500", "1250.50"), sent in minor units: a payment's, a deposit's, a fee's or a discount's. */
export const amountRule = yup
  .string()
  .trim()
  .required('Amount is required')
  .test('amount', 'Amount must be a positive amount with at most 2 decimals', (value) => {
    const minor = toMinor(value ?? '');
    return minor !== null && minor >= 1;
  });

export const paymentSchema = yup.object({
  method: yup.string<PaymentMethod>().required('Method is required').oneOf([...PAYMENT_METHODS], 'Method is required'),
  amount: amountRule,
  reference: yup.string().trim().max(MAX_PAYMENT_REFERENCE_LENGTH, `Reference must be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters long`),
  paidOn: yup.string().required('Payment date is required').matches(/^\d{4}-\d{2}-\d{2}$/, 'Payment date is required'),
});
export type PaymentValues = yup.InferType<typeof paymentSchema>;

export const voidSchema = yup.object({
  reason: yup.string().trim().required('Reason is required').max(MAX_VOID_REASON_LENGTH, `Reason must be at most ${MAX_VOID_REASON_LENGTH} characters long`),
});
export type VoidValues = yup.InferType<typeof voidSchema>;

interface InvoiceDialogProps {
  invoice: Invoice;
  onClose: () => void;
  onDone: (summary: string) => void;
}

export interface PaymentFormDialogProps {
  title: string;
  submitLabel: string;
  description?: string;
  /** What the Amount field starts with: the balance still to pay. */
  startAmountMinor: number;
  /** Sends the payment; a refusal (409, 400) stays in the form. */
  onSend: (body: PaymentBody) => Promise<void>;
  onClose: () => void;
}

/** A payment's form (an invoice's Record payment, a job's Record deposit): method, amount, reference, the day paid (today to start with). */
export function PaymentFormDialog({ title, submitLabel, description, startAmountMinor, onSend, onClose }: PaymentFormDialogProps) {
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<PaymentValues>({
    resolver: yupResolver(paymentSchema),
    defaultValues: { method: 'CASH', amount: toDecimal(Math.max(startAmountMinor, 0)), reference: '', paidOn: toDateKey(new Date()) },
    fieldOf: { method: 'method', amountMinor: 'amount', reference: 'reference', paidOn: 'paidOn' },
  });

  const send = (values: PaymentValues) => {
    const reference = values.reference?.trim();
    return onSend({ method: values.method, amountMinor: toMinor(values.amount) ?? 0, ...(reference ? { reference } : {}), paidOn: values.paidOn });
  };

  return (
    <FormDialog title={title} description={description} submitLabel={submitLabel} submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select label="Method" options={PAYMENT_METHOD_OPTIONS} error={errors.method?.message} {...field('method')} />
      <TextField label="Amount" inputMode="decimal" error={errors.amount?.message} {...field('amount')} />
      <TextField label="Reference" maxLength={MAX_PAYMENT_REFERENCE_LENGTH} error={errors.reference?.message} {...field('reference')} />
      <TextField label="Payment date" type="date" error={errors.paidOn?.message} {...field('paidOn')} />
    </FormDialog>
  );
}

/** Record payment on an invoice: the balance to start with. */
export function PaymentDialog({ invoice, onClose, onDone }: InvoiceDialogProps) {
  const [record] = useRecordPaymentMutation();
  return (
    <PaymentFormDialog
      title="Record payment"
      description={`${invoice.number} · Balance ${formatMoney(invoice.balanceMinor)}`}
      submitLabel="Save payment"
      startAmountMinor={invoice.balanceMinor}
      onSend={async (body) => {
        await record({ id: invoice.id, jobId: invoice.appointmentId, ...body }).unwrap();
        onDone('Payment recorded.');
      }}
      onClose={onClose}
    />
  );
}

/** Void invoice: a reason, sent with the version shown (a 409 when it changed meanwhile). */
export function VoidDialog({ invoice, onClose, onDone }: InvoiceDialogProps) {
  const [voidInvoice] = useVoidInvoiceMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<VoidValues>({
    resolver: yupResolver(voidSchema),
    defaultValues: { reason: '' },
    fieldOf: { reason: 'reason' },
  });

  const send = async (values: VoidValues) => {
    await voidInvoice({ id: invoice.id, jobId: invoice.appointmentId, reason: values.reason, expectedVersion: invoice.version }).unwrap();
    onDone(`${invoice.number} voided.`);
  };

  return (
    <FormDialog title="Void invoice" description={invoice.number} submitLabel="Void invoice" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <TextArea label="Reason" rows={3} maxLength={MAX_VOID_REASON_LENGTH} error={errors.reason?.message} {...field('reason')} />
    </FormDialog>
  );
}
