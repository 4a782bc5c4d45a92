import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { PackagePlus, Trash2 } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import type { JobPart, ReservedPart } from '@contract/inventory';
import { INVENTORY_MESSAGES, MAX_STOCK_QUANTITY } from '@contract/inventoryTerms';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { FieldShell } from '@/components/FieldShell';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { jobStatusText, vehicleLabel } from '@/features/jobs';
import { type AddJobPartValues, addJobPartSchema, type JobPartQuantityValues, jobPartQuantitySchema } from '../jobPartSchemas';
import { useAddJobPartMutation, useFindPartsQuery, useGetJobPartsQuery, useSetJobPartMutation } from '../jobPartsApi';
import { quantityOf } from './partQuantity';
import styles from './JobParts.module.css';

/** How long the part search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** Parts are recorded only while the job is confirmed or in progress (the server answers 409 otherwise). */
export function canRecordParts(job: Pick<Appointment, 'status'>): boolean {
  return job.status === 'CONFIRMED' || job.status === 'IN_PROGRESS';
}

export interface JobPartsDialogProps {
  job: Appointment;
  onClose: () => void;
}

type Run = ReturnType<typeof useRowAction>['run'];
type PartNamed = Pick<JobPart, 'partId' | 'name' | 'unit'>;

/**
 * A job's "Parts used" for its technician (or an admin): what was used, with quantity changes and Remove; what is
 * still reserved for it, each line usable in one step; and Add part, a search of the parts at the job's centre with
 * their stock. Read-only, saying why, once the job is not confirmed or in progress. The server's refusals (not enough
 * stock) show in an alert; saves are announced politely.
 */
export function JobPartsDialog({ job, onClose }: JobPartsDialogProps) {
  const editable = canRecordParts(job);
  const usedHeadingId = useId();
  const reservedHeadingId = useId();
  const usedHeadingRef = useRef<HTMLHeadingElement>(null);
  const { data, isLoading, error, refetch } = useGetJobPartsQuery(job.id);
  const [setJobPart] = useSetJobPartMutation();
  const [addJobPart] = useAddJobPartMutation();
  const { pending, error: failure, announcement, run, setError } = useRowAction();
  const items = data?.items ?? [];
  const reserved = data?.reserved ?? [];

  const add = (part: PartNamed, quantity: number, key: string, onAdded?: () => void) =>
    run(
      key,
      async () => {
        await addJobPart({ jobId: job.id, partId: part.partId, quantity }).unwrap();
        return `Added ${quantityOf(quantity, part.unit)} of ${part.name}.`;
      },
      onAdded,
    );

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title="Parts used"
      description={`${vehicleLabel(job.vehicle)} · ${job.serviceType.name} · ${job.center.name}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className={styles.dialog}>
        {!editable && (
          <p className={styles.note}>
            This job is {jobStatusText(job).toLowerCase()}. {INVENTORY_MESSAGES.jobClosed}
          </p>
        )}
        {failure && (
          <Alert variant="error" onDismiss={() => setError(null)}>
            {failure}
          </Alert>
        )}
        <p role="status" aria-live="polite" className={styles.announcement}>
          {announcement}
        </p>

        <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the job’s parts">
          <section aria-labelledby={usedHeadingId} className={styles.section}>
            <h3 id={usedHeadingId} ref={usedHeadingRef} tabIndex={-1} className={styles.heading}>
              Used on this job
            </h3>
            {items.length === 0 ? (
              <p className={styles.empty}>No parts recorded yet.</p>
            ) : (
              <ul aria-labelledby={usedHeadingId} className={styles.list}>
                {items.map((item) => (
                  <UsedPartRow
                    key={item.partId}
                    item={item}
                    editable={editable}
                    busy={pending === item.partId}
                    run={run}
                    onSet={(quantity) => setJobPart({ jobId: job.id, partId: item.partId, quantity }).unwrap()}
                    // The row leaves the list: its heading keeps the focus in the dialog.
                    onRemoved={() => requestAnimationFrame(() => usedHeadingRef.current?.focus())}
                  />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={reservedHeadingId} className={styles.section}>
            <h3 id={reservedHeadingId} className={styles.heading}>
              Reserved for this job
            </h3>
            {reserved.length === 0 ? (
              <p className={styles.empty}>Nothing is reserved for this job.</p>
            ) : (
              <ul aria-labelledby={reservedHeadingId} className={styles.list}>
                {reserved.map((line) => (
                  <ReservedRow key={line.partId} line={line} editable={editable} busy={pending === `use-${line.partId}`} onUse={() => void add(line, line.quantity, `use-${line.partId}`)} />
                ))}
              </ul>
            )}
          </section>

          {editable && <AddPartForm centerId={job.center.id} centreName={job.center.name} reserved={reserved} busy={pending === 'add'} onAdd={(part, quantity, onAdded) => void add(part, quantity, 'add', onAdded)} />}
        </DataState>
      </div>
    </Modal>
  );
}

interface UsedPartRowProps {
  item: JobPart;
  editable: boolean;
  busy: boolean;
  run: Run;
  onSet: (quantity: number) => Promise<unknown>;
  onRemoved: () => void;
}

/** A part the job used: its quantity, and (while the job is open) a new quantity or Remove. */
function UsedPartRow({ item, editable, busy, run, onSet, onRemoved }: UsedPartRowProps) {
  const nameId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<JobPartQuantityValues>({
    resolver: yupResolver(jobPartQuantitySchema),
    // Follows the server's quantity after each save or live change.
    values: { quantity: String(item.quantity) },
  });

  const save = (values: JobPartQuantityValues) => {
    const quantity = Number(values.quantity);
    void run(
      item.partId,
      async () => {
        await onSet(quantity);
        return quantity === 0 ? `Removed ${item.name}.` : `${item.name}: ${quantityOf(quantity, item.unit)} used.`;
      },
      quantity === 0 ? onRemoved : undefined,
    );
  };

  return (
    <li className={styles.row}>
      <div className={styles.part}>
        <span id={nameId} className={styles.name}>
          {item.name}
        </span>
        <span className={styles.sku}>{item.sku}</span>
      </div>
      {editable ? (
        <form className={styles.rowForm} noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
          <TextField
            label={
              <>
                Quantity<span className="visually-hidden"> of {item.name}</span>
              </>
            }
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_STOCK_QUANTITY}
            step={1}
            hint={`Unit: ${item.unit}`}
            error={errors.quantity?.message}
            containerClassName={styles.quantity}
            {...register('quantity')}
          />
          <div className={styles.buttons}>
            <Button type="submit" size="sm" variant="secondary" loading={busy} aria-describedby={nameId}>
              Update
            </Button>
            <Button size="sm" variant="ghost" startIcon={<Trash2 aria-hidden="true" />} disabled={busy} aria-describedby={nameId} onClick={() => save({ quantity: '0' })}>
              Remove
            </Button>
          </div>
        </form>
      ) : (
        <span className={styles.count}>{quantityOf(item.quantity, item.unit)}</span>
      )}
    </li>
  );
}

/** A kit part held for the job at its centre; using it takes it from this reservation first. */
function ReservedRow({ line, editable, busy, onUse }: { line: ReservedPart; editable: boolean; busy: boolean; onUse: () => void }) {
  const nameId = useId();
  return (
    <li className={styles.row}>
      <div className={styles.part}>
        <span id={nameId} className={styles.name}>
          {line.name}
        </span>
        <span className={styles.sku}>{line.sku}</span>
      </div>
      <span className={styles.count}>{quantityOf(line.quantity, line.unit)} reserved</span>
      {editable && (
        <Button size="sm" variant="secondary" loading={busy} aria-describedby={nameId} onClick={onUse}>
          Use reserved
        </Button>
      )}
    </li>
  );
}

interface AddPartFormProps {
  centerId: string;
  centreName: string;
  reserved: readonly ReservedPart[];
  busy: boolean;
  /** `onAdded` runs once the server took it. */
  onAdd: (part: PartNamed, quantity: number, onAdded: () => void) => void;
}

/** Add part: find a part at the job's centre (by SKU or name, with its stock there), choose it, say how many. */
function AddPartForm({ centerId, centreName, reserved, busy, onAdd }: AddPartFormProps) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const { currentData, isFetching, error } = useFindPartsQuery({ centerId, q }, { skip: q === '' });
  const parts = currentData?.items ?? [];
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors },
  } = useForm<AddJobPartValues>({ resolver: yupResolver(addJobPartSchema), defaultValues: { partId: '', quantity: '1' } });
  // watch, not useWatch: the form re-renders on a choice, as the unit hint needs, and useWatch would add to the
  // react-hook-form chunk of every page with a form (the login's budget).
  // eslint-disable-next-line react-hooks/incompatible-library -- this form is not memoised, so watch() is safe here
  const chosenId = watch('partId');
  const chosen = parts.find((part) => part.id === chosenId);

  // The search asks once typing pauses; a new search drops the part chosen from the last one.
  useEffect(() => {
    const next = search.trim();
    if (next === q) return undefined;
    const timer = setTimeout(() => {
      setQ(next);
      setValue('partId', '');
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, setValue]);

  const submit = (values: AddJobPartValues) => {
    const part = parts.find((candidate) => candidate.id === values.partId);
    if (!part) return;
    onAdd({ partId: part.id, name: part.name, unit: part.unit }, Number(values.quantity), () => reset({ partId: values.partId, quantity: '1' }));
  };

  const heldFor = (partId: string) => reserved.find((line) => line.partId === partId)?.quantity ?? 0;

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId} className={styles.heading}>
        Add part
      </h3>
      <form className={styles.addForm} noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField
          type="search"
          label="Find a part"
          hint={`Part of a SKU or a name, with its stock at ${centreName}`}
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once instead of adding.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            setQ(search.trim());
          }}
        />
        {q !== '' && (
          <fieldset className={styles.results} aria-busy={isFetching}>
            <legend className={styles.legend}>Parts at {centreName}</legend>
            {isFetching && !currentData ? (
              <Spinner label="Finding parts" showLabel />
            ) : error && !currentData ? (
              <Alert variant="error">{messageOf(error)}</Alert>
            ) : parts.length === 0 ? (
              <p className={styles.empty}>No parts match “{q}” at {centreName}.</p>
            ) : (
              parts.map((part) => {
                const held = heldFor(part.id);
                return (
                  <FieldShell
                    key={part.id}
                    layout="inline"
                    label={`${part.name} (${part.sku})`}
                    hint={`On hand ${part.stock.onHand} · Reserved ${part.stock.reserved} · Available ${part.stock.available} ${part.unit}${held > 0 ? ` · ${held} reserved for this job` : ''}`}
                  >
                    {(field) => <input {...field} type="radio" value={part.id} className={styles.radio} {...register('partId')} />}
                  </FieldShell>
                );
              })
            )}
          </fieldset>
        )}
        {errors.partId && (
          <p role="alert" className={styles.fieldError}>
            {errors.partId.message}
          </p>
        )}
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STOCK_QUANTITY}
          step={1}
          hint={chosen ? `Unit: ${chosen.unit}` : undefined}
          error={errors.quantity?.message}
          containerClassName={styles.quantity}
          {...register('quantity')}
        />
        <Button type="submit" startIcon={<PackagePlus aria-hidden="true" />} loading={busy} className={styles.addButton}>
          Add part
        </Button>
      </form>
    </section>
  );
}
