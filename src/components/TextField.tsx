import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Field.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  /** Visible label text (required: every input has a visible <label>). */
  label: ReactNode;
  /** Error message: shown with role="alert", linked by aria-describedby, sets aria-invalid. */
  error?: string;
  /** Helper text under the label, linked by aria-describedby. */
  hint?: ReactNode;
  /** Keep the label for assistive tech only (use sparingly, e.g. a search box with a visible heading). */
  hideLabel?: boolean;
  /** Class for the outer wrapper (the input itself takes `className`). */
  containerClassName?: string;
  /** Element placed inside the input's right edge (e.g. PasswordField's toggle). */
  endAdornment?: ReactNode;
}

/**
 * A labelled text input. All native input props pass through to the <input>, and `ref` reaches it
 * (React 19 ref-as-prop), so `{...register('email')}` from react-hook-form works as is.
 */
export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  containerClassName,
  endAdornment,
  id: idProp,
  className,
  type = 'text',
  ref,
  'aria-describedby': describedByProp,
  'aria-invalid': ariaInvalidProp,
  ...rest
}: TextFieldProps) {
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
      <div className={styles.control}>
        <input
          ref={ref}
          id={id}
          type={type}
          className={cx(styles.input, endAdornment ? styles.withAdornment : undefined, className)}
          aria-invalid={error ? true : ariaInvalidProp}
          aria-describedby={describedBy}
          {...rest}
        />
        {endAdornment && <div className={styles.adornment}>{endAdornment}</div>}
      </div>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
