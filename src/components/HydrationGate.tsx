import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/useHydrated';
import styles from './HydrationGate.module.css';

/**
 * Around the whole app (RootLayout): until the app has taken a pre-rendered page (scripts/prerender.ts) — whose
 * scripts start only after it is on screen (src/app/boot.ts) — every button, field and select in it is disabled, as
 * a `<fieldset disabled>` does; links still work. Before hydration nothing answers a click (a menu, a tab, "LEARN
 * MORE"), text typed into a field would be reset when react-hook-form takes it, and a form sent would GET the page
 * with every field (a password among them) in its URL. A page the browser renders itself is enabled from its first
 * render. Takes no room (display: contents) and is no group to a screen reader (role="none").
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="none" className={styles.gate} disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
