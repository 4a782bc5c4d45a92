import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { ChevronDown, CircleExclamationPoint } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'> {
  /** Visible label text. */
  label: ReactNode;
  /** The options, in order. Extra <option>s may also be passed as children (rendered after). */
  options?: readonly SelectOption[];
  /** Adds a first option with value "" and this text (e.g. "Select a service"). */
  placeholder?: string;
  /** Error message: role="alert", linked by aria-describedby, sets aria-invalid. */
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
}

/** A labelled native <select>. `ref` reaches the <select>, so react-hook-form's `register` works. */
export function Select({
  label,
  options = [],
  placeholder,
  error,
  hint,
  hideLabel = false,
  containerClassName,
  id: idProp,
  className,
  children,
  ref,
  'aria-describedby': describedByProp,
  'aria-invalid': ariaInvalidProp,
  ...rest
}: SelectProps) {
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
        <select
          ref={ref}
          id={id}
          className={cx(styles.input, styles.select, className)}
          aria-invalid={error ? true : ariaInvalidProp}
          aria-describedby={describedBy}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown className={styles.chevron} aria-hidden="true" />
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
