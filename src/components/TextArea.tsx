import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Field.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  /** Visible label text. */
  label: ReactNode;
  /** Error message: role="alert", linked by aria-describedby, sets aria-invalid. */
  error?: string;
  /** Helper text, linked by aria-describedby. */
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
}

/** A labelled multi-line text box; same API as TextField. `ref` reaches the <textarea>. */
export function TextArea({
  label,
  error,
  hint,
  hideLabel = false,
  containerClassName,
  id: idProp,
  className,
  rows = 5,
  ref,
  'aria-describedby': describedByProp,
  'aria-invalid': ariaInvalidProp,
  ...rest
}: TextAreaProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cx(describedByProp, hint ? hintId : undefined, error ? errorId : undefined) || undefined;

  return (
    <div className={cx(styles.field, containerClassName)}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        className={cx(styles.input, styles.textarea, className)}
        aria-invalid={error ? true : ariaInvalidProp}
        aria-describedby={describedBy}
        {...rest}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
