import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { Trash2 } from 'lucide-react';
import type { PartWithStock, ServiceKit } from '@contract/inventory';
import { messageOf } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { TextField } from '@/components/TextField';
import { useGetKitsQuery, useSetKitMutation } from '../purchasingApi';
import { kitSchema, type KitValues, lineKey } from '../purchasingSchemas';
import { FormDialog } from '@/components/FormDialog';
import { PartPicker } from './PartPicker';
import { partLabel } from './partLabel';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

export interface KitsProps {
  /** The shop's service types (the catalogue's), each with its code and name. */
  serviceTypes: readonly { code: string; name: string }[];
  /** The centre whose parts the part search reads (any: a kit is the same everywhere). */
  centerId: string;
}

interface KitDialogProps {
  serviceType: { code: string; name: string };
  kit: ServiceKit | undefined;
  centerId: string;
  onClose: () => void;
  onSaved: (summary: string) => void;
}

/** Edit kit: the service type's parts and quantities; saving replaces the whole kit (an empty one removes it). */
function KitDialog({ serviceType, kit, centerId, onClose, onSaved }: KitDialogProps) {
  const [setKit] = useSetKitMutation();
  // The kit's parts, in the order they were added; each line's quantity is named by its part (lineKey).
  const [lines, setLines] = useState(() => (kit?.lines ?? []).map((line) => ({ partId: line.partId, label: partLabel(line) })));
  const { field, setValue, unregister, getFieldState, onSubmit, failure, formState } = useServerForm<KitValues>({
    resolver: yupResolver(kitSchema),
    defaultValues: { lines: Object.fromEntries((kit?.lines ?? []).map((line) => [lineKey(line.partId), { quantity: String(line.quantity) }])) },
    fieldOf: { lines: 'lines' },
  });

  const add = (part: PartWithStock) => {
    setValue(`lines.${lineKey(part.id)}`, { quantity: '1' });
    setLines((current) => [...current, { partId: part.id, label: partLabel(part) }]);
  };

  const remove = (partId: string) => {
    unregister(`lines.${lineKey(partId)}`);
    setLines((current) => current.filter((line) => line.partId !== partId));
  };

  const send = async (values: KitValues) => {
    await setKit({ serviceType: serviceType.code, lines: lines.map(({ partId }) => ({ partId, quantity: Number(values.lines?.[lineKey(partId)]?.quantity) })) }).unwrap();
    onSaved(`Saved the ${serviceType.name} kit.`);
  };

  return (
    <FormDialog title={`${serviceType.name} kit`} description="The parts a job of this service type takes" submitLabel="Save kit" submitting={formState.isSubmitting} failure={failure} onSubmit={onSubmit(send)} onClose={onClose}>
      <fieldset className={own.lines}>
        <legend>Parts</legend>
        {lines.length === 0 && <p className={styles.meta}>No parts: this service type takes none.</p>}
        {lines.map(({ partId, label }) => {
          const name = `lines.${lineKey(partId)}.quantity` as const;
          return (
            <div key={partId} className={own.line}>
              <p className={own.lineName}>{label}</p>
              <TextField
                label={`Quantity of ${label}`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                error={getFieldState(name, formState).error?.message}
                containerClassName={own.lineField}
                {...field(name)}
              />
              <Button size="sm" variant="ghost" startIcon={<Trash2 />} aria-label={`Remove ${label}`} onClick={() => remove(partId)}>
                Remove
              </Button>
            </div>
          );
        })}
      </fieldset>
      <PartPicker centerId={centerId} chosen={new Set(lines.map((line) => line.partId))} onPick={add} />
    </FormDialog>
  );
}

/** Kits: each service type's standard parts (Oil Change = 4 L engine oil + 1 oil filter), which confirmed jobs reserve. */
export function Kits({ serviceTypes, centerId }: KitsProps) {
  const { currentData, isFetching, error, refetch } = useGetKitsQuery();
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const kitOf = (code: string) => currentData?.items.find((kit) => kit.serviceType === code);
  const editedType = serviceTypes.find((type) => type.code === editing);

  return (
    <div className={own.section}>
      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading kits">
        <ul className={own.kits} aria-label="Service kits">
          {serviceTypes.map((type) => {
            const lines = kitOf(type.code)?.lines ?? [];
            return (
              <li key={type.code} className={own.kit} aria-labelledby={`kit-${type.code}`}>
                <div className={own.orderHead}>
                  <h2 id={`kit-${type.code}`} className={styles.reverseTitle}>
                    {type.name}
                  </h2>
                  <Button size="sm" variant="secondary" aria-describedby={`kit-${type.code}`} onClick={() => setEditing(type.code)}>
                    Edit kit
                  </Button>
                </div>
                {lines.length === 0 ? (
                  <p className={styles.meta}>No kit</p>
                ) : (
                  <ul className={own.kitLines}>
                    {lines.map((line) => (
                      <li key={line.partId}>
                        {line.quantity} {line.unit} · {partLabel(line)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </DataState>
      {editedType && (
        <KitDialog
          serviceType={editedType}
          kit={kitOf(editedType.code)}
          centerId={centerId}
          onClose={() => setEditing(null)}
          onSaved={(summary) => {
            setEditing(null);
            setAnnouncement(summary);
          }}
        />
      )}
    </div>
  );
}
