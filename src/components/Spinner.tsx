import { cx } from '@/lib/classNames';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** Accessible label announced by screen readers. Default "Loading". */
  label?: string;
  size?: SpinnerSize;
  /** Also show the label as visible text next to the spinner. */
  showLabel?: boolean;
  /**
   * Purely visual spinner (aria-hidden, no status role) — for use inside a control that already
   * conveys the busy state itself, e.g. a Button with `loading`.
   */
  decorative?: boolean;
  className?: string;
}

/** A loading indicator: `role="status"` with an accessible name (default "Loading"). */
export function Spinner({ label = 'Loading', size = 'md', showLabel = false, decorative = false, className }: SpinnerProps) {
  const ring = <span className={cx(styles.ring, styles[size])} aria-hidden="true" />;
  if (decorative) {
    return <span className={cx(styles.root, className)} aria-hidden="true">{ring}</span>;
  }
  return (
    <span role="status" aria-label={label} className={cx(styles.root, className)}>
      {ring}
      <span className={showLabel ? styles.label : 'visually-hidden'}>{label}</span>
    </span>
  );
}
