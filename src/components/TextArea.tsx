import { type ComponentPropsWithRef } from 'react';
import { cx } from '@/lib/classNames';
import { FieldShell, type FieldProps, splitFieldProps } from './FieldShell';
import styles from './Field.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'>, FieldProps {}

/** A labelled multi-line text box; same API as TextField. `ref` reaches the <textarea>. */
export function TextArea(props: TextAreaProps) {
  const [field, { className, rows = 5, ref, ...rest }] = splitFieldProps(props);
  return (
    <FieldShell {...field}>
      {(control) => <textarea ref={ref} {...control} rows={rows} className={cx(styles.input, styles.textarea, className)} {...rest} />}
    </FieldShell>
  );
}
