import { yupResolver } from '@hookform/resolvers/yup';
import type { PartWithStock } from '@contract/inventory';
import { MAX_REASON_LENGTH, MAX_STOCK_QUANTITY } from '@contract/inventoryTerms';
import { useServerForm } from '@/api/useServerForm';
import type { SelectOption } from '@/components/Select';
import { Select } from '@/components/Select';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { useAdjustStockMutation, useReceiveStockMutation, useTransferStockMutation } from '../inventoryApi';
import { adjustSchema, type AdjustValues, receiveSchema, type ReceiveValues, transferSchema, type TransferValues } from '../schemas';
import { FormDialog } from '@/components/FormDialog';
import { partLabel } from './partLabel';

export interface StockDialogProps {
  part: PartWithStock;
  /** The service centres, as the Centre selects offer them. */
  centres: readonly SelectOption[];
  /** The centre the page shows: each dialog starts on it. */
  centerId: string;
  onClose: () => void;
  /** What went through, in a sentence for the page's status line. */
  onDone: (summary: string) => void;
}

const centreName = (centres: readonly SelectOption[], id: string) => centres.find((centre) => centre.value === id)?.label ?? 'the centre';
const units = (quantity: number) => `${quantity} ${quantity === 1 ? 'unit' : 'units'}`;

/** Receive: stock that arrived at a centre (quantity ≥ 1). */
export function ReceiveDialog({ part, centres, centerId, onClose, onDone }: StockDialogProps) {
  const [receive] = useReceiveStockMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<ReceiveValues>({
    resolver: yupResolver(receiveSchema),
    defaultValues: { centerId, quantity: '' },
    fieldOf: { centerId: 'centerId', quantity: 'quantity' },
  });

  const send = async (values: ReceiveValues) => {
    const quantity = Number(values.quantity);
    await receive({ id: part.id, centerId: values.centerId, quantity }).unwrap();
    onDone(`Received ${units(quantity)} of ${part.sku} at ${centreName(centres, values.centerId)}.`);
  };

  return (
    <FormDialog title="Receive stock" description={partLabel(part)} submitLabel="Receive" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select label="Centre" options={centres} error={errors.centerId?.message} {...field('centerId')} />
      <TextField label="Quantity" type="number" inputMode="numeric" min={1} max={MAX_STOCK_QUANTITY} step={1} hint={`Unit: ${part.unit}`} error={errors.quantity?.message} {...field('quantity')} />
    </FormDialog>
  );
}

/** Adjust: a count that differs from the books, with why (signed, not 0). */
export function AdjustDialog({ part, centres, centerId, onClose, onDone }: StockDialogProps) {
  const [adjust] = useAdjustStockMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<AdjustValues>({
    resolver: yupResolver(adjustSchema),
    defaultValues: { centerId, quantity: '', reason: '' },
    fieldOf: { centerId: 'centerId', quantity: 'quantity', reason: 'reason' },
  });

  const send = async (values: AdjustValues) => {
    const quantity = Number(values.quantity);
    await adjust({ id: part.id, centerId: values.centerId, quantity, reason: values.reason }).unwrap();
    onDone(`Adjusted ${part.sku} by ${quantity > 0 ? '+' : ''}${quantity} at ${centreName(centres, values.centerId)}.`);
  };

  return (
    <FormDialog title="Adjust stock" description={partLabel(part)} submitLabel="Adjust" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select label="Centre" options={centres} error={errors.centerId?.message} {...field('centerId')} />
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        step={1}
        hint="More found: a positive number. Lost or damaged: a negative one, e.g. -2."
        error={errors.quantity?.message}
        {...field('quantity')}
      />
      <TextArea label="Reason" rows={3} maxLength={MAX_REASON_LENGTH} error={errors.reason?.message} {...field('reason')} />
    </FormDialog>
  );
}

/** Transfer: stock moved from one centre to another, both movements at once. */
export function TransferDialog({ part, centres, centerId, onClose, onDone }: StockDialogProps) {
  const [transfer] = useTransferStockMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<TransferValues>({
    resolver: yupResolver(transferSchema),
    defaultValues: { fromCenterId: centerId, toCenterId: '', quantity: '' },
    fieldOf: { fromCenterId: 'fromCenterId', toCenterId: 'toCenterId', quantity: 'quantity' },
  });

  const send = async (values: TransferValues) => {
    const quantity = Number(values.quantity);
    await transfer({ id: part.id, fromCenterId: values.fromCenterId, toCenterId: values.toCenterId, quantity }).unwrap();
    onDone(`Transferred ${units(quantity)} of ${part.sku} from ${centreName(centres, values.fromCenterId)} to ${centreName(centres, values.toCenterId)}.`);
  };

  return (
    <FormDialog title="Transfer stock" description={partLabel(part)} submitLabel="Transfer" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select label="From centre" options={centres} error={errors.fromCenterId?.message} {...field('fromCenterId')} />
      <Select label="To centre" placeholder="Choose a centre" options={centres} error={errors.toCenterId?.message} {...field('toCenterId')} />
      <TextField label="Quantity" type="number" inputMode="numeric" min={1} max={MAX_STOCK_QUANTITY} step={1} hint={`Unit: ${part.unit}`} error={errors.quantity?.message} {...field('quantity')} />
    </FormDialog>
  );
}
