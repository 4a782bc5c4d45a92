import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import type { PartWithStock, StockMovement } from '@contract/inventory';
import { MAX_REASON_LENGTH } from '@contract/inventoryTerms';
import { messageOf } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { Select, type SelectOption } from '@/components/Select';
import { TextArea } from '@/components/TextArea';
import { onFirstUse } from '@/lib/onFirstUse';
import { useLoadMore } from '@/lib/useLoadMore';
import { useGetMovementPagesInfiniteQuery, useReverseMovementMutation } from '../inventoryApi';
import { MOVEMENT_KIND_LABEL, REVERSIBLE_KINDS, signed } from '../labels';
import { reverseSchema, type ReverseValues } from '../schemas';
import { partLabel } from './partLabel';
import styles from './Inventory.module.css';

const when = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** "Received +5 on Jan 5, 2099, 9:00 AM": one movement in a sentence. */
function movementText(movement: StockMovement): string {
  return `${MOVEMENT_KIND_LABEL[movement.kind]} ${signed(movement.quantity)} on ${when().format(new Date(movement.occurredAt))}`;
}

const reverseButtonId = (movement: StockMovement) => `reverse-${movement.id}`;

/** Focuses an element once React has rendered what changed. */
function focusSoon(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => find()?.focus());
}

export interface HistoryDialogProps {
  part: PartWithStock;
  centres: readonly SelectOption[];
  /** The centre the page shows: the history starts on it. */
  centerId: string;
  onClose: () => void;
  /** The job a movement was for (USED, RETURNED), as the page shows it. */
  renderJob?: (appointmentId: string) => ReactNode;
}

/**
 * A part's stock movements at one centre, newest first, a page at a time. A receipt or an adjustment not yet
 * reversed has Reverse, which asks for a reason in place (a dialog never opens over this one).
 */
export function HistoryDialog({ part, centres, centerId: initialCentre, onClose, renderJob }: HistoryDialogProps) {
  const [centerId, setCenterId] = useState(initialCentre);
  const { currentData, isFetching, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetMovementPagesInfiniteQuery({ partId: part.id, centerId });
  const [reversing, setReversing] = useState<StockMovement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moreError, setMoreError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  const movements = currentData?.pages.flatMap((page) => page.items) ?? [];
  const fetchMore = useLoadMore(bodyRef, 'th[scope="row"]', movements.length, fetchNextPage);
  const centreName = centres.find((centre) => centre.value === centerId)?.label ?? '';

  async function loadMore() {
    setMoreError(null);
    const failure = await fetchMore();
    if (failure !== undefined) setMoreError(messageOf(failure));
  }

  function cancelReverse(movement: StockMovement) {
    setReversing(null);
    focusSoon(() => document.getElementById(reverseButtonId(movement)));
  }

  function reversed(movement: StockMovement) {
    setReversing(null);
    setAnnouncement(`Reversed: ${movementText(movement)}.`);
    focusSoon(() => statusRef.current);
  }

  return (
    <Modal open onClose={onClose} size="lg" title="Stock history" description={partLabel(part)}>
      <div className={styles.history}>
        <Select
          label="Centre"
          options={centres}
          value={centerId}
          onChange={(event) => {
            setCenterId(event.target.value);
            setReversing(null);
            setAnnouncement('');
          }}
        />
        <p ref={statusRef} role="status" tabIndex={-1} className={announcement ? styles.announcement : undefined}>
          {announcement}
        </p>
        <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading stock history">
          {movements.length === 0 ? (
            <p className={styles.empty}>No stock movements at this centre yet.</p>
          ) : (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <caption className="visually-hidden">
                  Stock movements of {part.sku} at {centreName}, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Movement</th>
                    <th scope="col" className={styles.number}>
                      Quantity
                    </th>
                    <th scope="col">Reason</th>
                    <th scope="col">By</th>
                    <th scope="col">Job</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody ref={bodyRef}>
                  {movements.map((movement) => (
                    <tr key={movement.id}>
                      <th scope="row" tabIndex={-1} id={`movement-${movement.id}`}>
                        <time dateTime={movement.occurredAt}>{when().format(new Date(movement.occurredAt))}</time>
                      </th>
                      <td data-label="Movement" id={`movement-${movement.id}-kind`}>
                        {MOVEMENT_KIND_LABEL[movement.kind]}
                      </td>
                      <td data-label="Quantity" className={styles.number} id={`movement-${movement.id}-quantity`}>
                        {signed(movement.quantity)}
                      </td>
                      <td data-label="Reason">{movement.reason ?? '—'}</td>
                      <td data-label="By">{movement.actor.fullName}</td>
                      <td data-label="Job">{movement.appointmentId ? (renderJob ? renderJob(movement.appointmentId) : 'Job') : '—'}</td>
                      <td className={styles.actions}>
                        {movement.reversedBy ? (
                          <span className={styles.meta}>Reversed</span>
                        ) : (
                          REVERSIBLE_KINDS.has(movement.kind) && (
                            <Button
                              id={reverseButtonId(movement)}
                              size="sm"
                              variant="secondary"
                              aria-describedby={`movement-${movement.id}-kind movement-${movement.id}-quantity movement-${movement.id}`}
                              aria-expanded={reversing?.id === movement.id}
                              onClick={() => {
                                setAnnouncement('');
                                setReversing(movement);
                              }}
                            >
                              Reverse
                            </Button>
                          )
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {moreError && <Alert variant="error">{moreError}</Alert>}
          {hasNextPage && (
            <Button variant="secondary" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </DataState>
        {reversing && <ReverseForm key={reversing.id} partId={part.id} movement={reversing} onCancel={() => cancelReverse(reversing)} onReversed={() => reversed(reversing)} />}
      </div>
    </Modal>
  );
}

interface ReverseFormProps {
  partId: string;
  movement: StockMovement;
  onCancel: () => void;
  onReversed: () => void;
}

/** Undoes a receipt or an adjustment with its opposite, and the reason why (required). */
function ReverseForm({ partId, movement, onCancel, onReversed }: ReverseFormProps) {
  const [reverse] = useReverseMovementMutation();
  const headingId = useId();
  const { field, onSubmit, failure, setFocus, formState: { errors, isSubmitting } } = useServerForm<ReverseValues>({
    resolver: yupResolver(reverseSchema),
    defaultValues: { reason: '' },
    fieldOf: { reason: 'reason' },
  });

  useEffect(() => setFocus('reason'), [setFocus]);

  const send = async ({ reason }: ReverseValues) => {
    await reverse({ id: partId, movementId: movement.id, reason }).unwrap();
    onReversed();
  };

  return (
    <form className={styles.reverse} aria-labelledby={headingId} noValidate onSubmit={onSubmit(send)}>
      <h3 id={headingId} className={styles.reverseTitle}>
        Reverse a movement
      </h3>
      <p className={styles.meta}>
        {movementText(movement)}. Reversing it changes the stock at this centre by {signed(-movement.quantity)}.
      </p>
      {failure && <Alert variant="error">{failure}</Alert>}
      <TextArea label="Reason" rows={3} maxLength={MAX_REASON_LENGTH} error={errors.reason?.message} {...field('reason')} />
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          Reverse movement
        </Button>
      </div>
    </form>
  );
}
