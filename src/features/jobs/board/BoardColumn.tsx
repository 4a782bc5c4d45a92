import { type FocusEvent, memo, type ReactNode, useEffect, useId, useRef } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { useFirstItemsFirst } from '@/lib/useFirstItemsFirst';
import { BOARD_COLUMN_TITLES, type BoardColumn } from '../labels';
import emptyState from '@/components/EmptyState.module.css';
import { JobCard, type JobCardProps } from './JobCard';
import type { BoardColumnState } from './useBoardColumn';
import styles from './BoardColumn.module.css';

export interface BoardColumnProps {
  column: BoardColumn;
  /** The column's jobs, page by page (useBoardColumn). */
  state: BoardColumnState;
  /** The true number of jobs in the column (GET /appointments/counts), not the number loaded; undefined until known. */
  total: number | undefined;
  /** Shown when the column has no jobs. */
  emptyText: string;
  /** The catalogue's description of a service type, by code (shown on cards awaiting assignment). */
  describeService?: (code: string) => string | undefined;
  /** Cards awaiting assignment get an Assign Employee button. */
  onAssign?: (job: Appointment) => void;
  /** True while a dialog over the board holds focus: focus is not moved inside the column meanwhile. */
  focusHeld?: boolean;
  renderCardFooter?: (job: Appointment) => ReactNode;
  renderCustomerStatus?: (job: Appointment) => ReactNode;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type BoardCardProps = Omit<JobCardProps, 'footer' | 'customerStatus'> & Pick<BoardColumnProps, 'renderCardFooter' | 'renderCustomerStatus'>;

/**
 * A card with the parts other domains add to it, drawn again only when its job (RTK Query keeps an unchanged job the
 * same object), its description or the page's render functions change: each of the board's answers (three lists,
 * their totals, the catalogue, billing, shortages, live updates) would otherwise draw every card again.
 */
const BoardCard = memo(function BoardCard({ job, renderCardFooter, renderCustomerStatus, ...card }: BoardCardProps) {
  return <JobCard job={job} {...card} footer={renderCardFooter?.(job)} customerStatus={renderCustomerStatus?.(job)} />;
});

/** The cards a column draws in its first frame (a phone shows one or two, a wide screen two or three a column). */
const FIRST_CARDS = 3;

/**
 * Focus never drops to the page: when the focused card leaves the column (assigned here or elsewhere), focus moves to
 * the button now in its place or the heading; after "Load more" to the first new card.
 */
export function BoardColumn({
  column,
  state,
  total,
  emptyText,
  describeService,
  onAssign,
  focusHeld = false,
  renderCardFooter,
  renderCustomerStatus,
}: BoardColumnProps) {
  const title = BOARD_COLUMN_TITLES[column];
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The card whose Assign Employee button last had focus, and where it stood. */
  const lastFocused = useRef<{ id: string; index: number } | null>(null);
  /** Index of the first card a pending "Load more" will bring. */
  const firstNewCard = useRef<number | null>(null);
  const loadMoreRef = useRef<HTMLButtonElement>(null);
  const { jobs } = state;
  const drawn = useFirstItemsFirst(jobs, FIRST_CARDS);

  useEffect(() => {
    const last = lastFocused.current;
    if (last === null || focusHeld || jobs.some((job) => job.id === last.id)) return;
    lastFocused.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return; // focus is somewhere on purpose: leave it
    const buttons = sectionRef.current?.querySelectorAll<HTMLButtonElement>('[data-assign-button]') ?? [];
    const target = buttons[Math.min(last.index, buttons.length - 1)] ?? headingRef.current;
    target?.focus();
  }, [jobs, focusHeld]);

  useEffect(() => {
    const index = firstNewCard.current;
    if (index === null || state.isLoadingMore) return;
    if (jobs.length > index && drawn.length <= index) return; // the new cards are not drawn yet (useFirstItemsFirst)
    firstNewCard.current = null;
    // The new cards, else (it failed) back to the button that was pressed.
    const target = jobs.length > index ? sectionRef.current?.querySelectorAll<HTMLElement>('article')[index] : loadMoreRef.current;
    target?.focus();
  }, [jobs, drawn, state.isLoadingMore]);

  function handleFocus(event: FocusEvent<HTMLUListElement>) {
    const id = event.target instanceof HTMLElement && event.target.matches('[data-assign-button]') ? event.target.dataset.jobId : undefined;
    if (id !== undefined) lastFocused.current = { id, index: jobs.findIndex((job) => job.id === id) };
  }

  function loadMore() {
    firstNewCard.current = jobs.length;
    state.loadMore();
  }

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className={styles.column}>
      <div className={styles.header}>
        <h2 id={headingId} ref={headingRef} className={styles.title} tabIndex={-1}>
          {title}
        </h2>
        {total !== undefined && (
          <span className={styles.count}>
            {total}
            <span className="visually-hidden"> {total === 1 ? 'appointment' : 'appointments'}</span>
          </span>
        )}
      </div>
      <DataState isLoading={state.isLoading} error={state.error} onRetry={state.retry} loadingLabel={`Loading ${title}`}>
        {jobs.length === 0 ? (
          <p className={emptyState.empty}>{emptyText}</p>
        ) : (
          <ul className={styles.list} onFocus={handleFocus}>
            {drawn.map((job) => (
              <li key={job.id}>
                <BoardCard
                  job={job}
                  column={column}
                  serviceDescription={describeService?.(job.serviceType.code)}
                  onAssign={onAssign}
                  renderCardFooter={renderCardFooter}
                  renderCustomerStatus={renderCustomerStatus}
                />
              </li>
            ))}
          </ul>
        )}
        {state.hasMore && (
          <div className={styles.more}>
            {total !== undefined && total > jobs.length && (
              <p className={styles.shown}>
                Showing {jobs.length} of {plural(total, 'appointment', 'appointments')}
              </p>
            )}
            {state.loadMoreError !== null && <Alert variant="error">{state.loadMoreError}</Alert>}
            <Button
              ref={loadMoreRef}
              variant="secondary"
              size="sm"
              fullWidth
              loading={state.isLoadingMore} startIcon={<ChevronDown aria-hidden="true" />} onClick={loadMore}>
              Load more<span className="visually-hidden"> {title}</span>
            </Button>
          </div>
        )}
      </DataState>
    </section>
  );
}
