import type { ReactNode } from 'react';
import styles from './AuthForm.module.css';

/**
 * A link the spec gives no target (Terms of service, Privacy policy). It is a native button
 * exposed as a link, so it stays focusable and operable from the keyboard without a fake href.
 */
export function PlaceholderLink({ children }: { children: ReactNode }) {
  return (
    <button type="button" role="link" className={styles.textLink}>
      {children}
    </button>
  );
}
