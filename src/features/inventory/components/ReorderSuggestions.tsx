import { useId, useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import type { PurchaseOrder } from '@contract/purchasing';
import { messageOf } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Select } from '@/components/Select';
import { useDraftFromSuggestionsMutation, useGetSuggestionsQuery, useGetSuppliersQuery } from '../purchasingApi';
import { draftSchema, type DraftValues } from '../purchasingSchemas';
import { FormDialog } from '@/components/FormDialog';
import { partLabel } from './partLabel';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

interface DraftDialogProps {
  centerId: string;
  centreName: string;
  onClose: () => void;
  onDrafted: (order: PurchaseOrder) => void;
}

/** Draft order: every suggestion of the centre as a draft for one supplier, each at the part's unit cost. */
function DraftDialog({ centerId, centreName, onClose, onDrafted }: DraftDialogProps) {
  const { data: suppliers } = useGetSuppliersQuery();
  const [draft] = useDraftFromSuggestionsMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<DraftValues>({
    resolver: yupResolver(draftSchema),
    defaultValues: { supplierId: '' },
    fieldOf: { supplierId: 'supplierId' },
  });
  const options = (suppliers?.items ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }));

  const send = async ({ supplierId }: DraftValues) => {
    onDrafted(await draft({ supplierId, centerId }).unwrap());
  };

  return (
    <FormDialog title="Draft order" description={`The reorder suggestions at ${centreName}`} submitLabel="Create draft" submitting={isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <Select
        label="Supplier"
        placeholder={suppliers ? (options.length ? 'Choose a supplier' : 'No suppliers yet: add one first') : 'Loading suppliers…'}
        options={options}
        error={errors.supplierId?.message}
        {...field('supplierId')}
      />
    </FormDialog>
  );
}

export interface ReorderSuggestionsProps {
  centerId: string;
  centreName: string;
  /** Opens the draft just made. */
  onDrafted: (order: PurchaseOrder) => void;
}

/**
 * Reorder suggestions at a centre (with the Low stock filter): each part's projected stock (on hand + on order −
 * reserved) and what to order, and one button that drafts an order of them all.
 */
export function ReorderSuggestions({ centerId, centreName, onDrafted }: ReorderSuggestionsProps) {
  const headingId = useId();
  const { currentData, isFetching, error, refetch } = useGetSuggestionsQuery(centerId);
  const [drafting, setDrafting] = useState(false);
  const suggestions = currentData?.items ?? [];

  return (
    <section className={own.suggestions} aria-labelledby={headingId}>
      <div className={own.orderHead}>
        <h2 id={headingId} className={styles.reverseTitle}>
          Reorder suggestions
        </h2>
        {suggestions.length > 0 && (
          <Button size="sm" onClick={() => setDrafting(true)}>
            Draft order
          </Button>
        )}
      </div>
      <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading reorder suggestions">
        {suggestions.length === 0 ? (
          <p className={styles.meta}>Nothing needs reordering at this centre.</p>
        ) : (
          <ul className={own.kitLines} aria-label={`Reorder suggestions at ${centreName}`}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.part.id}>
                <strong>{partLabel(suggestion.part)}</strong>: projected {suggestion.projected}
                {suggestion.onOrder > 0 && ` (${suggestion.onOrder} on order)`}
                {suggestion.demand > 0 && `, booked jobs need ${suggestion.demand}`}; order {suggestion.suggestedQuantity} {suggestion.part.unit}
              </li>
            ))}
          </ul>
        )}
      </DataState>
      {drafting && (
        <DraftDialog
          centerId={centerId}
          centreName={centreName}
          onClose={() => setDrafting(false)}
          onDrafted={(order) => {
            setDrafting(false);
            onDrafted(order);
          }}
        />
      )}
    </section>
  );
}
