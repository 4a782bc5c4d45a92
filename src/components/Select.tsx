import { type ComponentPropsWithRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '@/lib/classNames';
import { FieldShell, type FieldProps, splitFieldProps } from './FieldShell';
import styles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'>, FieldProps {
  /** The options, in order. Extra <option>s may also be passed as children (rendered after). */
  options?: readonly SelectOption[];
  /** Adds a first option with value "" and this text (e.g. "Select a service"). */
  placeholder?: string;
}

/** A labelled native <select>. `ref` reaches the <select>, so react-hook-form's `register` works. */
export function Select(props: SelectProps) {
  const [field, { options = [], placeholder, className, children, ref, ...rest }] = splitFieldProps(props);
  return (
    <FieldShell {...field}>
      {(control) => (
        <div className={styles.control}>
          <select ref={ref} {...control} className={cx(styles.input, styles.select, className)} {...rest}>
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
      )}
    </FieldShell>
  );
}
