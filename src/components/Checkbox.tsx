import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Visible label text, clickable. */
  label: ReactNode;
  hint?: ReactNode;
  /** Error message: role="alert", linked by aria-describedby, sets aria-invalid. */
  error?: string;
  containerClassName?: string;
}

/** A labelled native checkbox. `ref` reaches the <input>, so react-hook-form's `register` works. */
export function Checkbox({
  label,
  hint,
  error,
  containerClassName,
  id: idProp,
  className,
  ref,
  'aria-describedby': describedByProp,
  'aria-invalid': ariaInvalidProp,
  ...rest
}: CheckboxProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cx(describedByProp, hint ? hintId : undefined, error ? errorId : undefined) || undefined;

  return (
    <div className={cx(styles.field, containerClassName)}>
      <div className={styles.checkRow}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className={cx(styles.checkbox, className)}
          aria-invalid={error ? true : ariaInvalidProp}
          aria-describedby={describedBy}
          {...rest}
        />
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className={cx(styles.hint, styles.checkExtra)}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={cx(styles.error, styles.checkExtra)}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
