import { type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Alert.module.css';

export type AlertVariant = 'error' | 'warning' | 'success' | 'info';

export interface AlertProps extends Omit<ComponentPropsWithoutRef<'div'>, 'title' | 'role'> {
  /** Default "info". "error" renders role="alert" (assertive); the others role="status" (polite). */
  variant?: AlertVariant;
  /** Optional bold first line. */
  title?: ReactNode;
  children?: ReactNode;
  /** When given, shows a close button (aria-label `dismissLabel`, default "Dismiss"). */
  onDismiss?: () => void;
  dismissLabel?: string;
}

const icons = {
  error: CircleExclamationPoint,
  warning: TriangleExclamationPoint,
  success: CircleCheck,
  info: Info,
} as const;

/** A message banner. Render it when the message appears so screen readers announce it. */
export function Alert({ variant = 'info', title, children, onDismiss, dismissLabel = 'Dismiss', className, ...rest }: AlertProps) {
  const Icon = icons[variant];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cx(styles.alert, styles[variant], className)} {...rest}>
      <Icon className={styles.icon} aria-hidden="true" />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.content}>{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} aria-label={dismissLabel} onClick={onDismiss}>
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
