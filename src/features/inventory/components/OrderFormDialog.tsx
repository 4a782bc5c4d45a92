import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { Trash2 } from 'lucide-react';
import type { PartWithStock } from '@contract/inventory';
import type { PurchaseOrder } from '@contract/purchasing';
import { useServerForm } from '@/api/useServerForm';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Select, type SelectOption } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { CURRENCY_LABEL, formatMoney, toDecimal, toMinor } from '@/features/jobs';
import { useCreateOrderMutation, useGetSuppliersQuery, useUpdateOrderMutation } from '../purchasingApi';
import { lineKey, orderName, orderSchema, type OrderValues } from '../purchasingSchemas';
import { FormDialog } from '@/components/FormDialog';
import { PartPicker } from './PartPicker';
import { partLabel } from './partLabel';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

export interface OrderFormDialogProps {
  /** The draft to edit, or undefined for a new order. */
  order?: PurchaseOrder;
  centres: readonly SelectOption[];
  /** The centre a new order starts on. */
  centerId: string;
  onClose: () => void;
  onSaved: (order: PurchaseOrder, created: boolean) => void;
}

/**
 * New order and Edit draft: a supplier, a centre and lines (part, quantity, unit cost typed as an amount and sent in
 * minor units). An edit sends the version it was opened on; a 409 says so and reloads the order.
 */
export function OrderFormDialog({ order, centres, centerId, onClose, onSaved }: OrderFormDialogProps) {
  const { data: suppliers } = useGetSuppliersQuery();
  const [createOrder] = useCreateOrderMutation();
  const [updateOrder] = useUpdateOrderMutation();
  // The order's parts, in the order they were added; each line's fields are named by its part (lineKey).
  const [lines, setLines] = useState(() => (order?.lines ?? []).map((line) => ({ partId: line.partId, label: partLabel(line) })));
  const { field, watch, setValue, unregister, getFieldState, onSubmit, failure, clearErrors, formState } = useServerForm<OrderValues>({
    resolver: yupResolver(orderSchema),
    defaultValues: {
      supplierId: order?.supplier.id ?? '',
      centerId: order?.centerId ?? centerId,
      lines: Object.fromEntries((order?.lines ?? []).map((line) => [lineKey(line.partId), { quantity: String(line.quantity), unitCost: toDecimal(line.unitCostMinor) }])),
    },
    fieldOf: { supplierId: 'supplierId', centerId: 'centerId', lines: 'lines' },
  });
  const { errors, isSubmitting } = formState;
  /** A field's message (the lines' own one, "Add at least one part", is theirs alone, not a line's). */
  const errorOf = (name: Parameters<typeof getFieldState>[0]) => {
    const message = getFieldState(name, formState).error?.message;
    return typeof message === 'string' ? message : undefined;
  };
  const values = watch('lines') ?? {};
  const orderCentre = watch('centerId');
  const total = Object.values(values).reduce((sum, line) => sum + (Number(line.quantity) || 0) * (toMinor(line.unitCost) ?? 0), 0);
  // The draft's own supplier is an option from the start: the select shows it while the list loads.
  const listed = suppliers?.items ?? [];
  const supplierOptions = [...(order && !listed.some((s) => s.id === order.supplier.id) ? [order.supplier] : []), ...listed].map((supplier) => ({
    value: supplier.id,
    label: supplier.name,
  }));

  const pick = (part: PartWithStock) => {
    setValue(`lines.${lineKey(part.id)}`, { quantity: '1', unitCost: toDecimal(part.unitCostMinor) });
    setLines((current) => [...current, { partId: part.id, label: partLabel(part) }]);
    clearErrors('lines');
  };

  const remove = (partId: string) => {
    unregister(`lines.${lineKey(partId)}`);
    setLines((current) => current.filter((line) => line.partId !== partId));
  };

  const send = async (values: OrderValues) => {
    // The schema has checked every amount and quantity.
    const body = {
      supplierId: values.supplierId,
      centerId: values.centerId,
      lines: lines.map(({ partId }) => {
        const line = values.lines?.[lineKey(partId)];
        return { partId, quantity: Number(line?.quantity), unitCostMinor: toMinor(line?.unitCost ?? '') ?? 0 };
      }),
    };
    // A refused edit (409) reloads the order too (the mutation's tags).
    const saved = order ? await updateOrder({ id: order.id, expectedVersion: order.version, ...body }).unwrap() : await createOrder(body).unwrap();
    onSaved(saved, !order);
  };

  return (
    <FormDialog
      title={order ? `Edit ${orderName(order.number)}` : 'New purchase order'}
      description={order ? `Draft for ${order.supplier.name}` : undefined}
      submitLabel={order ? 'Save order' : 'Create draft'}
      submitting={isSubmitting}
      failure={failure}
      onSubmit={onSubmit(send)}
      onClose={onClose}
    >
      <div className="form-grid">
        <Select
          label="Supplier"
          placeholder={suppliers ? (supplierOptions.length ? 'Choose a supplier' : 'No suppliers yet: add one first') : 'Loading suppliers…'}
          options={supplierOptions}
          error={errors.supplierId?.message}
          {...field('supplierId')}
        />
        <Select label="Centre" options={centres} error={errors.centerId?.message} {...field('centerId')} />
      </div>
      <fieldset className={own.lines}>
        <legend>Lines</legend>
        {lines.length === 0 && <p className={styles.meta}>No parts yet: find them below.</p>}
        {lines.map(({ partId, label }) => {
          const key = lineKey(partId);
          return (
            <div key={key} className={own.line}>
              <p className={own.lineName} id={`line-${key}`}>
                {label}
              </p>
              <TextField
                label={`Quantity of ${label}`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                error={errorOf(`lines.${key}.quantity`)}
                containerClassName={own.lineField}
                {...field(`lines.${key}.quantity`)}
              />
              <TextField
                label={`Unit cost of ${label}`}
                inputMode="decimal"
                autoComplete="off"
                hint={`In ${CURRENCY_LABEL}`}
                error={errorOf(`lines.${key}.unitCost`)}
                containerClassName={own.lineField}
                {...field(`lines.${key}.unitCost`)}
              />
              <Button size="sm" variant="ghost" startIcon={<Trash2 />} aria-label={`Remove ${label}`} onClick={() => remove(partId)}>
                Remove
              </Button>
            </div>
          );
        })}
        {errorOf('lines') && <Alert variant="error">{errorOf('lines')}</Alert>}
        <p className={own.total}>Total: {formatMoney(total)}</p>
      </fieldset>
      <PartPicker centerId={orderCentre || centerId} chosen={new Set(lines.map((line) => line.partId))} onPick={pick} />
    </FormDialog>
  );
}
