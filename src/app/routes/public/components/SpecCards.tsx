import { Engine, Fuel, Gauge, type LucideIcon } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './SpecCards.module.css';

interface Spec {
  value: string;
  label: string;
  detail: string;
  icon: LucideIcon;
}

const specs: readonly Spec[] = [
  { value: 'V8', label: 'Engine', detail: 'From city four-cylinders to V8 power — we service them all.', icon: Engine },
  { value: '30 mpg', label: 'Fuel economy', detail: 'Tuned, clean and aligned cars go further on every tank.', icon: Fuel },
  { value: '7,000 RPM', label: 'Redline', detail: 'Performance checks that keep your engine healthy to the limit.', icon: Gauge },
];

/** Three decorative spec cards that overlap the bottom of the hero. */
export function SpecCards() {
  return (
    <section className={styles.section} aria-labelledby="specs-heading">
      <div className="container">
        <h2 id="specs-heading" className="visually-hidden">
          Performance at a glance
        </h2>
        <ul className={styles.grid}>
          {specs.map(({ value, label, detail, icon: Icon }, index) => (
            <li key={value} className={cx(styles.card, index === 1 && styles.featured)}>
              <span className={styles.icon}>
                <Icon aria-hidden="true" />
              </span>
              <div>
                <p className={styles.value}>{value}</p>
                <p className={styles.label}>{label}</p>
                <p className={styles.detail}>{detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
