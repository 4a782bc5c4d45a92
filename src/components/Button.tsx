import { type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '@/lib/classNames';
import { Spinner } from './Spinner';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** Visual style. Default "primary". */
  variant?: ButtonVariant;
  /** Default "md" (44 px tall). */
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy; the accessible name is unchanged. */
  loading?: boolean;
  /** Stretch to the container width. */
  fullWidth?: boolean;
  /** Icon before the label (give lucide icons aria-hidden; the Button adds it to its wrapper anyway). */
  startIcon?: ReactNode;
  /** Icon after the label. */
  endIcon?: ReactNode;
}

/**
 * The class names a Button uses — for links that must look like buttons, e.g.
 * `<Link to="/register" className={buttonClassName({ variant: 'primary' })}>`.
 */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false, className }: ButtonStyleOptions = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className);
}

/**
 * A native button. `type` defaults to "button" (pass `type="submit"` in forms).
 * `ref` is forwarded to the <button> (React 19 ref-as-prop).
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  startIcon,
  endIcon,
  type = 'button',
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...rest}
    >
      {loading ? (
        <Spinner decorative size="sm" className={styles.icon} />
      ) : (
        startIcon && (
          <span className={styles.icon} aria-hidden="true">
            {startIcon}
          </span>
        )
      )}
      {children}
      {endIcon && (
        <span className={styles.icon} aria-hidden="true">
          {endIcon}
        </span>
      )}
    </button>
  );
}
