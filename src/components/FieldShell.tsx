import { type AriaAttributes, type ReactNode, useId } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Field.module.css';

/** The props TextField, TextArea, Select and Checkbox add to their native element's props. */
export interface FieldProps {
  /** Visible label text (required: every control has a visible <label>). */
  label: ReactNode;
  /** Error message: shown with role="alert", linked by aria-describedby, sets aria-invalid. */
  error?: string;
  /** Helper text, linked by aria-describedby. */
  hint?: ReactNode;
  /** Keep the label for assistive tech only (use sparingly, e.g. a search box with a visible heading). */
  hideLabel?: boolean;
  /** Class for the outer wrapper (the control itself takes `className`). */
  containerClassName?: string;
}

/** The accessibility props FieldShell hands to its control: spread them on the <input>/<select>/<textarea>. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': AriaAttributes['aria-invalid'];
  'aria-describedby': string | undefined;
}

export interface FieldShellProps extends FieldProps {
  /** The control's id; a generated one when absent. */
  id?: string;
  /** A caller-supplied aria-describedby, kept in front of the hint and error ids. */
  describedBy?: string;
  /** A caller-supplied aria-invalid, used when there is no error. */
  invalid?: AriaAttributes['aria-invalid'];
  /**
   * `stacked`: label, hint, control, error (text boxes, selects).
   * `inline`: control then label on one row, hint and error indented under the label (checkboxes).
   */
  layout?: 'stacked' | 'inline';
  /** Renders the control, given the id / aria-invalid / aria-describedby it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Splits a field component's props into FieldShell's (the FieldProps, id, aria-describedby, aria-invalid) and
 * the rest, which go to the native control.
 */
export function splitFieldProps<P extends FieldProps & Pick<AriaAttributes, 'aria-describedby' | 'aria-invalid'> & { id?: string }>({
  label,
  error,
  hint,
  hideLabel,
  containerClassName,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...control
}: P) {
  return [{ label, error, hint, hideLabel, containerClassName, id, describedBy, invalid }, control] as const;
}

/**
 * The label / hint / error wiring shared by TextField, TextArea, Select and Checkbox:
 * one <label htmlFor>, the hint and the error (role="alert") linked by aria-describedby, aria-invalid on error.
 */
export function FieldShell({
  id: idProp,
  label,
  error,
  hint,
  hideLabel = false,
  containerClassName,
  describedBy: describedByProp,
  invalid,
  layout = 'stacked',
  children,
}: FieldShellProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = children({
    id,
    'aria-invalid': error ? true : invalid,
    'aria-describedby': cx(describedByProp, hint ? hintId : undefined, error ? errorId : undefined) || undefined,
  });
  const inline = layout === 'inline';
  const labelElement = (
    <label htmlFor={id} className={hideLabel ? 'visually-hidden' : inline ? styles.checkLabel : styles.label}>
      {label}
    </label>
  );

  return (
    <div className={cx(styles.field, containerClassName)}>
      {inline ? (
        <div className={styles.checkRow}>
          {control}
          {labelElement}
        </div>
      ) : (
        labelElement
      )}
      {hint && (
        <p id={hintId} className={cx(styles.hint, inline && styles.checkExtra)}>
          {hint}
        </p>
      )}
      {!inline && control}
      {error && (
        <p id={errorId} role="alert" className={cx(styles.error, inline && styles.checkExtra)}>
          <CircleExclamationPoint aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
