import type { ReactNode } from 'react';
import { cx } from '@/lib/classNames';
import { useFirstItemsFirst } from '@/lib/useFirstItemsFirst';
import styles from './FilteredList.module.css';

export interface FilterOption<F extends string> {
  value: F;
  /** The button text (also its accessible name). */
  label: string;
}

export interface FilteredListProps<T, F extends string> {
  /** Every item, in display order. All of them stay mounted; a filter only hides the ones it leaves out. */
  items: readonly T[];
  /** A stable, unique key per item (the `keysByFilter` sets hold these). */
  getKey: (item: T) => string;
  /** The row's content, placed inside the list item. Memoise it: rows are re-rendered on each filter switch. */
  renderItem: (item: T) => ReactNode;
  /** The filter buttons, in order. */
  filters: readonly FilterOption<F>[];
  /** The active filter (controlled). */
  filter: F;
  onFilterChange: (filter: F) => void;
  /**
   * The keys each filter shows (e.g. from a memoised selector); a filter without an entry shows every item.
   * A filter switch is then one set lookup per row.
   */
  keysByFilter: Partial<Record<F, ReadonlySet<string>>>;
  /** The text shown when the active filter shows nothing (there are no items at all, or none match). */
  emptyMessage: (filter: F) => ReactNode;
  /** Accessible name of the scroll region that holds the list. */
  listLabel: string;
  /** Accessible name of the filter button group. */
  filterGroupLabel: string;
  /** Placed before the filter buttons on the same row (e.g. the panel's heading). */
  heading?: ReactNode;
  /** A line between the filters and the list while the filter shows something (e.g. "Showing 2 of 4"). */
  summary?: (shown: number, total: number) => ReactNode;
  /** `cards`: with nothing to show, a status message replaces the region; `divided`: the region stays and holds it. */
  variant?: 'cards' | 'divided';
}

/** The rows drawn in the list's first frame: more than its 600 px region shows. The rest follow (useFirstItemsFirst). */
const FIRST_ROWS = 6;

/**
 * Every row stays mounted and a filter only toggles the items' `hidden` attribute, so filtering 1,000 memoised rows
 * is one cheap pass instead of a re-render.
 */
export function FilteredList<T, F extends string>({
  items,
  getKey,
  renderItem,
  filters,
  filter,
  onFilterChange,
  keysByFilter,
  emptyMessage,
  listLabel,
  filterGroupLabel,
  heading,
  summary,
  variant = 'cards',
}: FilteredListProps<T, F>) {
  const visibleKeys = keysByFilter[filter];
  const drawn = useFirstItemsFirst(items, FIRST_ROWS, (item) => visibleKeys === undefined || visibleKeys.has(getKey(item)));
  const shown = visibleKeys ? visibleKeys.size : items.length;
  const empty = shown === 0;
  const emptyInRegion = variant === 'divided';
  const emptyState = empty && (
    <p className={cx(styles.empty, emptyInRegion ? styles.emptyInRegion : styles.emptyAlone)} role={emptyInRegion ? undefined : 'status'}>
      {emptyMessage(filter)}
    </p>
  );

  return (
    <>
      <div className={styles.toolbar}>
        {heading}
        <div role="group" aria-label={filterGroupLabel} className={styles.filters}>
          {filters.map(({ value, label }) => (
            <button key={value} type="button" aria-pressed={value === filter} className={styles.filter} onClick={() => onFilterChange(value)}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {!empty && summary?.(shown, items.length)}
      {!emptyInRegion && emptyState}
      {/* A scrollable region must be keyboard-focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-label={listLabel} tabIndex={0} className={cx(styles.scroll, styles[variant])} hidden={empty && !emptyInRegion}>
        {emptyInRegion && emptyState}
        <ul className={styles.list} hidden={empty}>
          {drawn.map((item) => {
            const key = getKey(item);
            return (
              <li key={key} className={styles.item} hidden={visibleKeys !== undefined && !visibleKeys.has(key)}>
                {renderItem(item)}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
