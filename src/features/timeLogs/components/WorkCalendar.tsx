import { type KeyboardEvent, memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, RotateCcw } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { formatDuration } from '../duration';
import { type DateRange, logsByDateOf, monthMinutes } from '../logsByDate';
import { NO_QUEUED_CHANGES, type QueuedLogChange, countedLogs, withQueuedChanges } from '../queuedLogs';
import { useGetTimeLogsQuery } from '../timeLogsApi';
import {
  type DateKey,
  type MonthKey,
  WEEKDAYS,
  formatMonthLabel,
  monthGrid,
  monthOfDate,
  shiftDate,
  shiftDateByMonths,
  shiftMonth,
  toWeeks,
} from '@/lib/calendar';
import { cx } from '@/lib/classNames';
import { CalendarDayCell } from './CalendarDayCell';
import panel from '@/components/Panel.module.css';
import styles from './WorkCalendar.module.css';

export interface WorkCalendarProps {
  /** The month shown (`YYYY-MM`). */
  month: MonthKey;
  /** The grid's 42 days, first to last: the logs it fetches. */
  range: DateRange;
  /** The day whose logs are shown (`YYYY-MM-DD`), or null. */
  selectedDate: DateKey | null;
  /** Today (`YYYY-MM-DD`), marked with aria-current="date". */
  today: DateKey;
  /** Stable callbacks. */
  onMonthChange: (month: MonthKey) => void;
  onSelectDate: (date: DateKey) => void;
  /** Changes of the logs made on this device and not on the server yet, counted in the days' hours. Stable. */
  queued?: readonly QueuedLogChange[];
}

/** Keys that move the focus inside the grid, and by how much (Home/End/PageUp/PageDown are special-cased). */
const DAY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

function targetDate(from: DateKey, key: string, weekday: number): DateKey | null {
  if (key in DAY_STEPS) return shiftDate(from, DAY_STEPS[key]);
  if (key === 'Home') return shiftDate(from, -weekday);
  if (key === 'End') return shiftDate(from, 6 - weekday);
  if (key === 'PageUp') return shiftDateByMonths(from, -1);
  if (key === 'PageDown') return shiftDateByMonths(from, 1);
  return null;
}

const NO_MINUTES: ReadonlyMap<DateKey, number> = new Map();

/**
 * One Tab stop with arrow-key movement (the grid pattern), so the 42 cells are not 42 Tab presses. No total is shown
 * from another month's answer; per-day totals are grouped once per answer, so a re-render is 42 lookups.
 */
export const WorkCalendar = memo(function WorkCalendar({
  month,
  range,
  selectedDate,
  today,
  onMonthChange,
  onSelectDate,
  queued = NO_QUEUED_CHANGES,
}: WorkCalendarProps) {
  const headingId = useId();
  const monthLabelId = useId();
  const gridRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const { currentData, isFetching, error, refetch } = useGetTimeLogsQuery(range);
  const shown = useMemo(() => currentData && countedLogs(withQueuedChanges(currentData, queued)), [currentData, queued]);
  const minutesByDate = shown ? logsByDateOf(shown).minutesByDate : NO_MINUTES;
  const days = useMemo(() => monthGrid(month), [month]);
  const weeks = useMemo(() => toWeeks(days), [days]);
  const [focusDate, setFocusDate] = useState<DateKey | null>(null);

  // The single Tab stop: the last focused day if it is in the grid, else the selected day or today if in the shown
  // month, else the 1st.
  const inMonth = (d: DateKey | null): d is DateKey => d !== null && monthOfDate(d) === month;
  const tabStop =
    (focusDate !== null && days.some((d) => d.date === focusDate) ? focusDate : null) ??
    [selectedDate, today].find(inMonth) ??
    `${month}-01`;

  const loadError = error && !isFetching ? messageOf(error) : null;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${tabStop}"]`)?.focus();
  });

  const handleSelect = useCallback(
    (date: DateKey) => {
      setFocusDate(date);
      onSelectDate(date);
    },
    [onSelectDate],
  );

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.target instanceof HTMLElement)) return;
    const from = event.target.closest<HTMLElement>('[data-date]')?.dataset.date;
    if (!from) return;
    const weekday = days.find((d) => d.date === from)?.weekday ?? 0;
    const to = targetDate(from, event.key, weekday);
    if (!to) return;
    event.preventDefault();
    if (monthOfDate(to) !== month) onMonthChange(monthOfDate(to));
    setFocusDate(to);
    focusPending.current = true;
  }

  function goToToday() {
    setFocusDate(today);
    onMonthChange(monthOfDate(today));
    onSelectDate(today);
  }

  function goToMonth(delta: number) {
    setFocusDate(null);
    onMonthChange(shiftMonth(month, delta));
  }

  return (
    <section aria-labelledby={headingId} className={cx(panel.panel, panel.wide)}>
      <div className={panel.header}>
        <h2 id={headingId} className={panel.heading}>
          Monthly Work Summary
        </h2>
        {currentData ? (
          <p className={panel.total}>
            Logged this month: <strong>{formatDuration(monthMinutes(minutesByDate, month))}</strong>
          </p>
        ) : (
          isFetching && <Spinner size="sm" label="Loading time logs" showLabel className={panel.total} />
        )}
      </div>
      {loadError && (
        <div className={styles.error}>
          <Alert variant="error">{loadError}</Alert>
          <Button variant="secondary" size="sm" startIcon={<RotateCcw aria-hidden="true" />} onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      )}
      <div className={styles.toolbar}>
        <Button variant="secondary" size="sm" aria-label="Previous month" onClick={() => goToMonth(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p id={monthLabelId} className={styles.month} aria-live="polite">
          {formatMonthLabel(month)}
        </p>
        <Button variant="secondary" size="sm" aria-label="Next month" onClick={() => goToMonth(1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" className={styles.todayButton} onClick={goToToday}>
          Today
        </Button>
      </div>
      <div
        ref={gridRef}
        role="grid"
        // The Tab stop is a day button (roving tabindex); the grid itself is only programmatically focusable.
        tabIndex={-1}
        aria-labelledby={headingId}
        aria-describedby={monthLabelId}
        aria-busy={!currentData && isFetching}
        className={styles.grid}
        onKeyDown={handleKeyDown}
      >
        <div role="row" className={styles.row}>
          {WEEKDAYS.map(({ short, long }) => (
            <div key={short} role="columnheader" className={styles.columnHeader}>
              <abbr title={long}>{short}</abbr>
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0].date} role="row" className={styles.row}>
            {week.map((day) => (
              <CalendarDayCell
                key={day.date}
                day={day}
                minutes={minutesByDate.get(day.date) ?? 0}
                selected={day.date === selectedDate}
                isToday={day.date === today}
                tabbable={day.date === tabStop}
                onSelect={handleSelect}
              />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
});
