import { type ReactNode } from 'react';
import { cx } from '@/lib/classNames';
import heading from '@/components/SectionHeading.module.css';
import styles from './InfoPage.module.css';

/** Dark title band at the top of the About / Services / Pricing pages, holding the page's h1. */
export function InfoPageHeader({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: ReactNode }) {
  return (
    <section className={cx('theme-dark', styles.header)} aria-labelledby="page-heading">
      <div className="container">
        <p className={heading.eyebrow}>{eyebrow}</p>
        <h1 id="page-heading" className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
      </div>
    </section>
  );
}
