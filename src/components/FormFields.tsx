import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/useHydrated';
import styles from './FormFields.module.css';

/**
 * A form's fields and buttons, disabled until the page is hydrated. A pre-rendered form (scripts/prerender.ts) is on
 * screen before the app's code: typed into then, its text would be reset when the form's code takes the fields, and
 * sent then, the browser would put every field (a password among them) in the page's URL. Takes no room of its own
 * (display: contents), so the form lays its children out as before.
 */
export function FormFields({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" className={styles.fields} disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
