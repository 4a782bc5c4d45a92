import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { Pencil, Send, Undo2 } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import type { EstimateItem, ProposeItemBody, ReviseItemBody } from '@contract/billing';
import { BILLING_MESSAGES, type EstimateItemKind, ESTIMATE_ITEM_KINDS, LINE_KIND_LABELS } from '@contract/billingTerms';
import type { PartWithStock } from '@contract/inventory';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { FieldShell } from '@/components/FieldShell';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { formatMoney, jobStatusText, toDecimal, toMinor, vehicleLabel } from '@/features/jobs';
import {
  useFindBillingPartsQuery,
  useGetJobBillingQuery,
  useProposeEstimateItemMutation,
  useReviseEstimateItemMutation,
  useWithdrawEstimateItemMutation,
} from '../billingApi';
import { type ProposeItemValues, proposeItemSchema, type ReviseItemValues, reviseItemSchema, toHundredths } from '../estimateSchemas';
import { hundredthsText, keepFocus } from './billingText';
import { EstimateItems } from './EstimateItems';
import styles from './ExtraWork.module.css';

/** How long the part search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** A technician proposes, revises and withdraws extra work only while the job is in progress (the server answers 409 otherwise). */
export function canProposeExtraWork(job: Pick<Appointment, 'status'>): boolean {
  return job.status === 'IN_PROGRESS';
}

/** Why the form is not there: a job not started yet, or one that is over. */
function closedReason(job: Appointment): string {
  if (job.status === 'CONFIRMED') return 'Start the work (Update Status: In Progress) to propose extra work.';
  return `This job is ${jobStatusText(job).toLowerCase()}. ${BILLING_MESSAGES.notInProgress}`;
}

type Run = ReturnType<typeof useRowAction>['run'];

export interface ExtraWorkDialogProps {
  job: Appointment;
  onClose: () => void;
}

/**
 * A job's "Extra work" for its technician: the items proposed, each with its state and the customer's decision (live:
 * the job's billing is refetched on job.billing.changed), Edit and Withdraw; and Propose extra work (labour hours at
 * the shop's rate, a part at its sell price, or a fee). Only while the job is in progress; otherwise says why.
 */
export function ExtraWorkDialog({ job, onClose }: ExtraWorkDialogProps) {
  const editable = canProposeExtraWork(job);
  const itemsHeadingId = useId();
  const itemsHeadingRef = useRef<HTMLHeadingElement>(null);
  const { data, isLoading, error, refetch } = useGetJobBillingQuery(job.id);
  const [propose] = useProposeEstimateItemMutation();
  const [revise] = useReviseEstimateItemMutation();
  const [withdraw] = useWithdrawEstimateItemMutation();
  const { pending, error: failure, announcement, run, setError } = useRowAction();
  const items = data?.items ?? [];

  const renderActions = (item: EstimateItem, describedBy: string) => (
    <ItemActions
      key={`${item.id}-${item.version}`}
      item={item}
      describedBy={describedBy}
      busy={pending === item.id}
      run={run}
      onRevise={(body) => revise({ jobId: job.id, itemId: item.id, ...body }).unwrap()}
      onWithdraw={() => withdraw({ jobId: job.id, itemId: item.id, expectedVersion: item.version }).unwrap()}
      // The row leaves the list: its heading keeps the focus in the dialog.
      onWithdrawn={() => keepFocus(itemsHeadingRef.current)}
    />
  );

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title="Extra work"
      description={`${vehicleLabel(job.vehicle)} · ${job.serviceType.name} · ${job.center.name}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className={styles.dialog}>
        {!editable && <p className={styles.note}>{closedReason(job)}</p>}
        {failure && (
          <Alert variant="error" onDismiss={() => setError(null)}>
            {failure}
          </Alert>
        )}
        <p role="status" aria-live="polite" className={styles.announcement}>
          {announcement}
        </p>
        <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the job’s extra work">
          <section aria-labelledby={itemsHeadingId} className={styles.section}>
            <h3 id={itemsHeadingId} ref={itemsHeadingRef} tabIndex={-1} className={styles.sectionHeading}>
              Proposed extra work
            </h3>
            {items.length === 0 ? (
              <p className={styles.empty}>No extra work proposed yet.</p>
            ) : (
              <EstimateItems items={items} viewer="staff" busyId={pending} labelledBy={itemsHeadingId} renderActions={editable ? renderActions : undefined} />
            )}
          </section>
          {editable && data && (
            <ProposeForm
              job={job}
              labourRateMinor={data.labourRateMinor}
              busy={pending === 'propose'}
              onPropose={(body, onDone) =>
                void run(
                  'propose',
                  async () => {
                    await propose({ jobId: job.id, ...body }).unwrap();
                    return `Proposed ${body.description}. The customer is asked to approve it.`;
                  },
                  onDone,
                )
              }
            />
          )}
        </DataState>
      </div>
    </Modal>
  );
}

interface ItemActionsProps {
  item: EstimateItem;
  describedBy: string;
  busy: boolean;
  run: Run;
  onRevise: (body: ReviseItemBody) => Promise<unknown>;
  onWithdraw: () => Promise<unknown>;
  onWithdrawn: () => void;
}

/** Edit (not a declined item: that is final) and Withdraw (only an item the customer never decided on). */
function ItemActions({ item, describedBy, busy, run, onRevise, onWithdraw, onWithdrawn }: ItemActionsProps) {
  const [editing, setEditing] = useState(false);
  const withdrawable = item.status === 'PENDING' && item.decisions.length === 0;
  const revisable = item.status !== 'DECLINED';
  if (editing) return <ReviseForm item={item} busy={busy} run={run} onRevise={onRevise} onDone={() => setEditing(false)} />;
  return (
    <>
      {revisable && (
        <Button size="sm" variant="secondary" startIcon={<Pencil aria-hidden="true" />} aria-describedby={describedBy} disabled={busy} onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {withdrawable && (
        <Button
          size="sm"
          variant="ghost"
          startIcon={<Undo2 aria-hidden="true" />}
          aria-describedby={describedBy}
          loading={busy}
          onClick={() =>
            void run(
              item.id,
              async () => {
                await onWithdraw();
                return `Withdrew ${item.description}.`;
              },
              onWithdrawn,
            )
          }
        >
          Withdraw
        </Button>
      )}
    </>
  );
}

interface ReviseFormProps {
  item: EstimateItem;
  busy: boolean;
  run: Run;
  onRevise: (body: ReviseItemBody) => Promise<unknown>;
  onDone: () => void;
}

/** An item's description, quantity and price: only what changed is sent, on the version shown. */
function ReviseForm({ item, busy, run, onRevise, onDone }: ReviseFormProps) {
  const quantityLabel = item.kind === 'LABOUR' ? 'Hours' : 'Quantity';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviseItemValues>({
    resolver: yupResolver(reviseItemSchema),
    defaultValues: { kind: item.kind, description: item.description, quantity: hundredthsText(item.quantityHundredths), unitPrice: toDecimal(item.unitPriceMinor) },
  });

  const save = (values: ReviseItemValues) => {
    const quantityHundredths = toHundredths(values.quantity ?? '') ?? item.quantityHundredths;
    const unitPriceMinor = toMinor(values.unitPrice) ?? item.unitPriceMinor;
    const body: ReviseItemBody = {
      expectedVersion: item.version,
      ...(values.description !== item.description && { description: values.description }),
      ...(quantityHundredths !== item.quantityHundredths && { quantityHundredths }),
      ...(unitPriceMinor !== item.unitPriceMinor && { unitPriceMinor }),
    };
    if (Object.keys(body).length === 1) {
      onDone();
      return;
    }
    const priced = body.quantityHundredths !== undefined || body.unitPriceMinor !== undefined;
    void run(
      item.id,
      async () => {
        await onRevise(body);
        return priced && item.status === 'APPROVED' ? `Saved ${values.description}. The customer is asked to approve the new price.` : `Saved ${values.description}.`;
      },
      onDone,
    );
  };

  return (
    <form className={styles.reviseForm} noValidate aria-label={`Edit ${item.description}`} onSubmit={(event) => void handleSubmit(save)(event)}>
      <TextField label="Description" maxLength={200} error={errors.description?.message} {...register('description')} />
      <TextField label={quantityLabel} inputMode="decimal" error={errors.quantity?.message} containerClassName={styles.short} {...register('quantity')} />
      <TextField label="Unit price" inputMode="decimal" error={errors.unitPrice?.message} containerClassName={styles.short} {...register('unitPrice')} />
      {item.status === 'APPROVED' && <p className={styles.muted}>A new price or quantity needs the customer’s approval again.</p>}
      <div className={styles.formButtons}>
        <Button type="submit" size="sm" loading={busy}>
          Save
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ProposeFormProps {
  job: Appointment;
  labourRateMinor: number;
  busy: boolean;
  /** `onDone` runs once the server took it. */
  onPropose: (body: ProposeItemBody, onDone: () => void) => void;
}

const EMPTY: ProposeItemValues = { kind: 'LABOUR', description: '', note: '', hours: '1', partId: '', quantity: '1', unitPrice: '' };

/** Propose extra work: its kind, what and why, how much (hours or a part's units) and at what unit price. */
function ProposeForm({ job, labourRateMinor, busy, onPropose }: ProposeFormProps) {
  const headingId = useId();
  const rate = toDecimal(labourRateMinor);
  const [parts, setParts] = useState<readonly PartWithStock[]>([]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useForm<ProposeItemValues>({ resolver: yupResolver(proposeItemSchema), defaultValues: { ...EMPTY, unitPrice: rate } });
  // watch, not useWatch: the form re-renders on a change of kind, and useWatch would add to the react-hook-form chunk
  // of every page with a form (the login's budget).
  // eslint-disable-next-line react-hooks/incompatible-library -- this form is not memoised, so watch() is safe here
  const kind = watch('kind');
  const dropChoice = useCallback(() => setValue('partId', ''), [setValue]);

  const kindField = register('kind', {
    // The unit price follows the kind: the shop's labour rate, the chosen part's price, none for a fee.
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value as EstimateItemKind;
      const part = parts.find((candidate) => candidate.id === getValues('partId'));
      setValue('unitPrice', next === 'LABOUR' ? rate : next === 'PART' && part ? toDecimal(part.sellPriceMinor) : '');
    },
  });

  const submit = (values: ProposeItemValues) => {
    const quantityHundredths = values.kind === 'LABOUR' ? toHundredths(values.hours ?? '') : values.kind === 'PART' ? toHundredths(values.quantity ?? '') : 100;
    const unitPriceMinor = values.unitPrice ? toMinor(values.unitPrice) : null;
    const body: ProposeItemBody = {
      kind: values.kind,
      description: values.description,
      ...(values.note && { note: values.note }),
      ...(values.kind === 'PART' && values.partId && { partId: values.partId }),
      quantityHundredths: quantityHundredths ?? 100,
      ...(unitPriceMinor !== null && { unitPriceMinor }),
    };
    onPropose(body, () => reset({ ...EMPTY, unitPrice: rate }));
  };

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId} className={styles.sectionHeading}>
        Propose extra work
      </h3>
      <form className={styles.form} noValidate aria-labelledby={headingId} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <fieldset className={styles.kinds}>
          <legend className={styles.legend}>Kind</legend>
          {ESTIMATE_ITEM_KINDS.map((value) => (
            <FieldShell key={value} layout="inline" label={LINE_KIND_LABELS[value]}>
              {(field) => <input {...field} type="radio" value={value} className={styles.radio} {...kindField} />}
            </FieldShell>
          ))}
        </fieldset>
        <TextField label="Description" maxLength={200} error={errors.description?.message} {...register('description')} />
        <TextArea label="Note" hint="Why the work is needed, e.g. “Front pads worn to 2 mm”" rows={2} maxLength={500} error={errors.note?.message} {...register('note')} />
        {kind === 'LABOUR' && (
          <TextField label="Hours" inputMode="decimal" hint="e.g. 1.5" error={errors.hours?.message} containerClassName={styles.short} {...register('hours')} />
        )}
        {kind === 'PART' && (
          <>
            <PartSearch
              centerId={job.center.id}
              centreName={job.center.name}
              onResults={setParts}
              registerChoice={register('partId', {
                onChange: (event: { target: { value: string } }) => {
                  const part = parts.find((candidate) => candidate.id === event.target.value);
                  if (!part) return;
                  setValue('unitPrice', toDecimal(part.sellPriceMinor));
                  if (getValues('description').trim() === '') setValue('description', part.name);
                },
              })}
              parts={parts}
              error={errors.partId?.message}
              onSearchChanged={dropChoice}
            />
            <TextField label="Quantity" type="number" inputMode="numeric" min={1} step={1} error={errors.quantity?.message} containerClassName={styles.short} {...register('quantity')} />
          </>
        )}
        <TextField
          label="Unit price"
          inputMode="decimal"
          hint={kind === 'LABOUR' ? `Per hour; the shop’s rate is ${formatMoney(labourRateMinor)}` : kind === 'PART' ? 'The part’s sell price, unless you change it' : undefined}
          error={errors.unitPrice?.message}
          containerClassName={styles.short}
          {...register('unitPrice')}
        />
        <Button type="submit" startIcon={<Send aria-hidden="true" />} loading={busy} className={styles.submit}>
          Propose
        </Button>
      </form>
    </section>
  );
}

interface PartSearchProps {
  centerId: string;
  centreName: string;
  parts: readonly PartWithStock[];
  onResults: (parts: readonly PartWithStock[]) => void;
  registerChoice: UseFormRegisterReturn<'partId'>;
  error?: string;
  onSearchChanged: () => void;
}

/** Find a part at the job's centre (part of a SKU or a name) and choose it, as the Parts used picker does. */
function PartSearch({ centerId, centreName, parts, onResults, registerChoice, error, onSearchChanged }: PartSearchProps) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const { currentData, isFetching, error: searchError } = useFindBillingPartsQuery({ centerId, q }, { skip: q === '' });

  useEffect(() => {
    onResults(currentData?.items ?? []);
  }, [currentData, onResults]);

  // The search asks once typing pauses; a new search drops the part chosen from the last one.
  useEffect(() => {
    const next = search.trim();
    if (next === q) return undefined;
    const timer = setTimeout(() => {
      setQ(next);
      onSearchChanged();
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, onSearchChanged]);

  return (
    <>
      <TextField
        type="search"
        label="Find a part"
        hint={`Part of a SKU or a name, at ${centreName}`}
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once instead of proposing.
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
          ) : searchError && !currentData ? (
            <Alert variant="error">{messageOf(searchError)}</Alert>
          ) : parts.length === 0 ? (
            <p className={styles.empty}>No parts match “{q}” at {centreName}.</p>
          ) : (
            parts.map((part) => (
              <FieldShell key={part.id} layout="inline" label={`${part.name} (${part.sku})`} hint={`${formatMoney(part.sellPriceMinor)} · Available ${part.stock.available} ${part.unit}`}>
                {(field) => <input {...field} type="radio" value={part.id} className={styles.radio} {...registerChoice} />}
              </FieldShell>
            ))
          )}
        </fieldset>
      )}
      {error && (
        <p role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
    </>
  );
}
