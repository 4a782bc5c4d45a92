import { CircleCheckBig } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './SentStatus.module.css';

/**
 * A landing form's live region: always in the page (so a screen reader announces what appears in it), showing
 * `text` with a check mark once the form has gone through. `className` styles the message for its background.
 */
export function SentStatus({ sent, text, className, statusClassName }: { sent: boolean; text: string; className: string; statusClassName?: string }) {
  return (
    <div role="status" className={statusClassName}>
      {sent && (
        <p className={cx(styles.message, className)}>
          <CircleCheckBig aria-hidden="true" />
          <span>{text}</span>
        </p>
      )}
    </div>
  );
}
