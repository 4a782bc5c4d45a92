import { memo } from 'react';
import { formatDecimalHours, formatDuration } from '../duration';
import { type CalendarDay, type DateKey, formatDayLabel } from '@/lib/calendar';
import { cx } from '@/lib/classNames';
import styles from './WorkCalendar.module.css';

export interface CalendarDayCellProps {
  day: CalendarDay;
  /** Minutes logged on this day (0 = none). */
  minutes: number;
  selected: boolean;
  isToday: boolean;
  /** The grid's single Tab stop (roving tabindex). */
  tabbable: boolean;
  /** Stable callback (the cell is memoised). */
  onSelect: (date: DateKey) => void;
}

/** One of the 42 cells: a gridcell holding a button that selects the day, and the day's hours when any. */
export const CalendarDayCell = memo(function CalendarDayCell({ day, minutes, selected, isToday, tabbable, onSelect }: CalendarDayCellProps) {
  const label = minutes > 0 ? `${formatDayLabel(day.date)}, ${formatDuration(minutes)} logged` : formatDayLabel(day.date);
  return (
    <div role="gridcell" aria-selected={selected} className={styles.cell}>
      <button
        type="button"
        data-date={day.date}
        tabIndex={tabbable ? 0 : -1}
        aria-label={label}
        aria-current={isToday ? 'date' : undefined}
        className={cx(
          styles.day,
          !day.inMonth && styles.outside,
          minutes > 0 && styles.logged,
          selected && styles.selected,
          isToday && styles.today,
        )}
        onClick={() => onSelect(day.date)}
      >
        <span className={styles.dayNumber}>{day.dayOfMonth}</span>
      </button>
      {/* The hours badge sits over the button but outside it: the button's visible text is the day number, which
          its accessible name contains (WCAG 2.5.3 Label in Name); the name already says the time logged. */}
      {minutes > 0 && (
        <span className={styles.hours} aria-hidden="true">
          {formatDecimalHours(minutes)}
        </span>
      )}
    </div>
  );
});
