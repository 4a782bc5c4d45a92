import { useId } from 'react';
import { Construction } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/Button';
import styles from './UnderConstruction.module.css';
import * as paths from '@/config/paths';

export interface UnderConstructionProps {
  /** The page's name, shown as its h1. */
  title: string;
  /** The features this page will offer (spec §2: placeholder pages list coming features). */
  features: readonly string[];
}

/** A placeholder admin page: it says it is under construction and lists what is coming. */
export function UnderConstruction({ title, features }: UnderConstructionProps) {
  const comingId = useId();
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <span className={styles.icon} aria-hidden="true">
          <Construction />
        </span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>This page is under construction.</p>
        <h2 id={comingId} className={styles.subtitle}>
          Coming soon
        </h2>
        <ul aria-labelledby={comingId} className={styles.list}>
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <Link to={paths.adminDashboard} className={buttonClassName({ variant: 'secondary' })}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
