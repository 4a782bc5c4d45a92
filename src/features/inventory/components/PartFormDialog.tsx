import { yupResolver } from '@hookform/resolvers/yup';
import type { Part } from '@contract/inventory';
import { MAX_CATEGORY_LENGTH, MAX_PART_NAME_LENGTH, MAX_SKU_LENGTH, PART_UNITS } from '@contract/inventoryTerms';
import { isApiError } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { useAppDispatch } from '@/store/hooks';
import { inventoryApi, useCreatePartMutation, useUpdatePartMutation } from '../inventoryApi';
import { CURRENCY_LABEL, toDecimal, toMinor } from '@/features/jobs';
import { partSchema, type PartValues } from '../schemas';
import { partLabel } from './partLabel';
import { FormDialog } from '@/components/FormDialog';

const UNIT_OPTIONS = PART_UNITS.map((unit) => ({ value: unit, label: unit }));
const MONEY_HINT = `In ${CURRENCY_LABEL}, e.g. 1250.50`;

export interface PartFormDialogProps {
  /** The part to edit, or undefined for a new one. */
  part?: Part;
  onClose: () => void;
  /** The part as the server stored it. */
  onSaved: (part: Part, created: boolean) => void;
}

/**
 * New part and Edit part: the catalogue fields, money typed as an amount and sent in minor units. An edit sends the
 * version it was opened on, so a change made meanwhile by someone else is refused (409) and said in a banner; the
 * list then reloads, so Edit opens on the part as it is now.
 */
export function PartFormDialog({ part, onClose, onSaved }: PartFormDialogProps) {
  const dispatch = useAppDispatch();
  const [createPart] = useCreatePartMutation();
  const [updatePart] = useUpdatePartMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<PartValues>({
    resolver: yupResolver(partSchema),
    defaultValues: part
      ? { sku: part.sku, name: part.name, category: part.category, unit: part.unit, unitCost: toDecimal(part.unitCostMinor), sellPrice: toDecimal(part.sellPriceMinor) }
      : { sku: '', name: '', category: '', unit: undefined, unitCost: '', sellPrice: '' },
    fieldOf: { sku: 'sku', name: 'name', category: 'category', unit: 'unit', unitCostMinor: 'unitCost', sellPriceMinor: 'sellPrice' },
  });

  const send = async ({ unitCost, sellPrice, ...values }: PartValues) => {
    // The schema has checked both amounts: each reads as whole cents.
    const fields = { ...values, unitCostMinor: toMinor(unitCost) ?? 0, sellPriceMinor: toMinor(sellPrice) ?? 0 };
    try {
      const saved = part ? await updatePart({ id: part.id, expectedVersion: part.version, ...fields }).unwrap() : await createPart(fields).unwrap();
      onSaved(saved, !part);
    } catch (error) {
      if (part && isApiError(error) && error.status === 409) dispatch(inventoryApi.util.invalidateTags([{ type: 'Part', id: 'LIST' }, { type: 'Part', id: part.id }]));
      throw error;
    }
  };

  return (
    <FormDialog
      title={part ? 'Edit part' : 'New part'}
      description={part ? partLabel(part) : undefined}
      submitLabel={part ? 'Save part' : 'Add part'}
      submitting={isSubmitting}
      failure={failure}
      onSubmit={onSubmit(send)}
      onClose={onClose}
    >
      <div className="form-grid">
        <TextField label="SKU" autoComplete="off" maxLength={MAX_SKU_LENGTH} hint="Letters, digits, . - _ /" error={errors.sku?.message} {...field('sku')} />
        <Select label="Unit" placeholder="Choose a unit" options={UNIT_OPTIONS} error={errors.unit?.message} {...field('unit')} />
        <TextField label="Name" autoComplete="off" maxLength={MAX_PART_NAME_LENGTH} containerClassName="form-span2" error={errors.name?.message} {...field('name')} />
        <TextField label="Category" autoComplete="off" maxLength={MAX_CATEGORY_LENGTH} containerClassName="form-span2" error={errors.category?.message} {...field('category')} />
        <TextField label="Unit cost" inputMode="decimal" autoComplete="off" hint={MONEY_HINT} error={errors.unitCost?.message} {...field('unitCost')} />
        <TextField label="Sell price" inputMode="decimal" autoComplete="off" hint={MONEY_HINT} error={errors.sellPrice?.message} {...field('sellPrice')} />
      </div>
    </FormDialog>
  );
}
