import { yupResolver } from '@hookform/resolvers/yup';
import { MAX_STOCK_QUANTITY } from '@contract/inventoryTerms';
import { useServerForm } from '@/api/useServerForm';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { useGetPartQuery, useSetStockLevelsMutation } from '../inventoryApi';
import { stockLevelsSchema, type StockLevelsValues } from '../schemas';
import { FormDialog } from '@/components/FormDialog';
import { partLabel } from './partLabel';
import type { StockDialogProps } from './StockDialogs';

/**
 * Reorder settings of a part at one centre: below (or at) the reorder level the part shows "Low stock"; the reorder
 * quantity is how much to order then. Choosing another centre fills in that centre's settings (GET /api/parts/:id).
 */
export function StockLevelsDialog({ part, centres, centerId, onClose, onDone }: StockDialogProps) {
  const [setLevels] = useSetStockLevelsMutation();
  const { data: detail } = useGetPartQuery(part.id);
  const { field, onSubmit, failure, setValue, formState: { errors, isSubmitting } } = useServerForm<StockLevelsValues>({
    resolver: yupResolver(stockLevelsSchema),
    defaultValues: { centerId, reorderLevel: String(part.stock.reorderLevel), reorderQuantity: String(part.stock.reorderQuantity) },
    fieldOf: { centerId: 'centerId', reorderLevel: 'reorderLevel', reorderQuantity: 'reorderQuantity' },
  });

  const showCentre = (id: string) => {
    const stock = id === part.stock.centerId ? part.stock : detail?.stock.find((level) => level.centerId === id);
    setValue('reorderLevel', String(stock?.reorderLevel ?? 0));
    setValue('reorderQuantity', String(stock?.reorderQuantity ?? 0));
  };

  const send = async (values: StockLevelsValues) => {
    await setLevels({ id: part.id, centerId: values.centerId, reorderLevel: Number(values.reorderLevel), reorderQuantity: Number(values.reorderQuantity) }).unwrap();
    const centre = centres.find((option) => option.value === values.centerId)?.label ?? 'the centre';
    onDone(`Saved the reorder settings of ${part.sku} at ${centre}.`);
  };

  const centreField = field('centerId');
  return (
    <FormDialog title="Reorder settings" description={partLabel(part)} submitLabel="Save settings" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select
        label="Centre"
        options={centres}
        error={errors.centerId?.message}
        {...centreField}
        onChange={(event) => {
          void centreField.onChange(event);
          showCentre(event.target.value);
        }}
      />
      <TextField
        label="Reorder level"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK_QUANTITY}
        step={1}
        hint="The part shows Low stock when what is available falls to this. 0: never."
        error={errors.reorderLevel?.message}
        {...field('reorderLevel')}
      />
      <TextField
        label="Reorder quantity"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK_QUANTITY}
        step={1}
        hint="How many to order when it is low."
        error={errors.reorderQuantity?.message}
        {...field('reorderQuantity')}
      />
    </FormDialog>
  );
}
