import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/useHydrated';
import styles from './HydrationGate.module.css';

/**
 * Disables every control until the app has taken a pre-rendered page: before that a click does nothing, typed text
 * would be reset, and a submitted form would GET the page with a password in its URL.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" className={styles.gate} disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
