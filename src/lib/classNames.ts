/** A value `cx` accepts: falsy values are dropped, so `cond && 'class'` works. */
export type ClassValue = string | false | null | undefined | 0;

/** Joins class names, skipping falsy values: `cx(styles.btn, active && styles.active)`. */
export function cx(...values: ClassValue[]): string {
  let out = '';
  for (const value of values) {
    if (value) out = out ? `${out} ${value}` : value;
  }
  return out;
}
