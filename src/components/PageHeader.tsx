import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

export interface PageHeaderProps {
  /** The page's one `<h1>`. */
  title: string;
  /** What the page is for (a sentence or two). */
  children: ReactNode;
}

/** The top of a signed-in page (Staff, Messages, Timesheets, My hours, Notifications): its heading and what it is for. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <header>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.subtitle}>{children}</p>
    </header>
  );
}
