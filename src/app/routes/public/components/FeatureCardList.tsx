import type { ComponentType } from 'react';
import { Card } from '@/components/Card';
import styles from './InfoPage.module.css';

export interface Feature {
  title: string;
  text: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
}

/** A row of icon cards (the info pages' values and steps). */
export function FeatureCardList({ items }: { items: readonly Feature[] }) {
  return (
    <ul className={styles.cards}>
      {items.map(({ title, text, icon: Icon }) => (
        <li key={title} className={styles.cardItem}>
          <Card as="article" padding="lg" className={styles.featureCard}>
            <span className={styles.valueIcon}>
              <Icon aria-hidden="true" />
            </span>
            <h3 className={styles.cardTitle}>{title}</h3>
            <p className={styles.cardText}>{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
