import { cx } from '@/lib/classNames';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** Percent, clamped to 0–100. */
  value: number;
  /** Accessible name of the progress bar. */
  label: string;
  className?: string;
}

/** A labelled progress bar with the percent shown beside it. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className={cx(styles.wrap, className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%`}
        className={styles.track}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.value} aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
