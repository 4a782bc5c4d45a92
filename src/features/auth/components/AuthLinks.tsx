import type { ReactNode } from 'react';
import styles from './AuthForm.module.css';

/** The links under an auth form's card, to the other auth screens. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className={styles.links}>{children}</div>;
}
