import { yupResolver } from '@hookform/resolvers/yup';
import type { PurchaseOrder } from '@contract/purchasing';
import { useServerForm } from '@/api/useServerForm';
import { TextField } from '@/components/TextField';
import { useReceiveOrderMutation } from '../purchasingApi';
import { orderName, receiptSchema, type ReceiptValues } from '../purchasingSchemas';
import { FormDialog } from '@/components/FormDialog';
import { partLabel } from './partLabel';

export interface ReceiveOrderDialogProps {
  order: PurchaseOrder;
  onClose: () => void;
  onDone: (summary: string) => void;
}

const units = (quantity: number) => `${quantity} ${quantity === 1 ? 'unit' : 'units'}`;

/**
 * Receive: what arrived of each line still awaited, each starting at what remains (all of it); less is a partial
 * receipt. The server's refusal (more than remains, an order no longer open) shows inside, and the order reloads
 * (the mutation's tags are invalidated on a refusal too).
 */
export function ReceiveOrderDialog({ order, onClose, onDone }: ReceiveOrderDialogProps) {
  const [receive] = useReceiveOrderMutation();
  const open = order.lines.filter((line) => line.quantity > line.received);
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<ReceiptValues>({
    resolver: yupResolver(receiptSchema),
    defaultValues: {
      lines: open.map((line) => ({ partId: line.partId, label: partLabel(line), remaining: line.quantity - line.received, quantity: String(line.quantity - line.received) })),
    },
    fieldOf: {},
  });

  const send = async (values: ReceiptValues) => {
    const lines = values.lines.map((line) => ({ partId: line.partId, quantity: Number(line.quantity) })).filter((line) => line.quantity > 0);
    // A refusal reloads the order too (the mutation's tags).
    await receive({ id: order.id, lines }).unwrap();
    onDone(`Received ${units(lines.reduce((sum, line) => sum + line.quantity, 0))} on ${orderName(order.number)}.`);
  };

  return (
    <FormDialog
      title={`Receive ${orderName(order.number)}`}
      description={`From ${order.supplier.name}. Enter what arrived; 0 for a part that did not.`}
      submitLabel="Receive"
      submitting={isSubmitting}
      failure={failure ?? errors.lines?.root?.message ?? errors.lines?.message ?? null}
      onSubmit={onSubmit(send)}
      onClose={onClose}
    >
      {open.map((line, index) => {
        const remaining = line.quantity - line.received;
        const label = partLabel(line);
        return (
          <TextField
            key={line.partId}
            label={`Received now of ${label}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={remaining}
            step={1}
            hint={`${remaining} of ${line.quantity} still to receive (${line.unit})`}
            error={errors.lines?.[index]?.quantity?.message}
            {...field(`lines.${index}.quantity`)}
          />
        );
      })}
    </FormDialog>
  );
}
