import { type ComponentPropsWithRef } from 'react';
import { cx } from '@/lib/classNames';
import { FieldShell, type FieldProps, splitFieldProps } from './FieldShell';
import styles from './Field.module.css';

/** A checkbox's label sits beside it and is always visible, so there is no `hideLabel`. */
export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'>, Omit<FieldProps, 'hideLabel'> {}

/** A labelled native checkbox. `ref` reaches the <input>, so react-hook-form's `register` works. */
export function Checkbox(props: CheckboxProps) {
  const [field, { className, ref, ...rest }] = splitFieldProps(props);
  return (
    <FieldShell layout="inline" {...field}>
      {(control) => <input ref={ref} {...control} type="checkbox" className={cx(styles.checkbox, className)} {...rest} />}
    </FieldShell>
  );
}
