import { type MouseEvent, type ReactNode } from 'react';
import { Footer } from './Footer';
import { TopNav } from './TopNav';
import styles from './PublicLayout.module.css';

const MAIN_ID = 'main-content';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without changing the URL hash (the router owns the URL).
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/** Shell of the public pages: skip link, sticky top navigation, <main>, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <TopNav />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
