import { type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '@/lib/classNames';
import { FieldShell, type FieldProps, splitFieldProps } from './FieldShell';
import styles from './Field.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'>, FieldProps {
  /** Element placed inside the input's right edge (e.g. PasswordField's toggle). */
  endAdornment?: ReactNode;
}

/**
 * A labelled text input. All native input props pass through to the <input>, and `ref` reaches it
 * (React 19 ref-as-prop), so `{...register('email')}` from react-hook-form works as is.
 */
export function TextField(props: TextFieldProps) {
  const [field, { endAdornment, className, type = 'text', ref, ...rest }] = splitFieldProps(props);
  return (
    <FieldShell {...field}>
      {(control) => (
        <div className={styles.control}>
          <input
            ref={ref}
            {...control}
            type={type}
            className={cx(styles.input, endAdornment ? styles.withAdornment : undefined, className)}
            {...rest}
          />
          {endAdornment && <div className={styles.adornment}>{endAdornment}</div>}
        </div>
      )}
    </FieldShell>
  );
}
