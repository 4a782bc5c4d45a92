import type { ReactNode } from 'react';
import styles from './StatusPage.module.css';

export interface StatusPageProps {
  title: string;
  /** A decorative icon (rendered aria-hidden). */
  icon?: ReactNode;
  children?: ReactNode;
  /** "main" for a whole page, "div" inside a layout that already has a <main>. Default "main". */
  as?: 'main' | 'div';
}

/** A centred panel with a heading and a message: Access Denied, Access Error, Page Not Found, placeholders. */
export function StatusPage({ title, icon, children, as: Tag = 'main' }: StatusPageProps) {
  return (
    <Tag className={styles.center}>
      <div className={styles.panel}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <h1>{title}</h1>
        {children}
      </div>
    </Tag>
  );
}

/** Just the centring box (e.g. around a route-level spinner). */
export function CenteredBox({ children }: { children: ReactNode }) {
  return <div className={styles.center}>{children}</div>;
}
