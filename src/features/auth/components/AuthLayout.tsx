import type { ReactNode } from 'react';
import { CalendarCheck, CarFront, Gauge, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cx } from '@/lib/classNames';
import styles from './AuthLayout.module.css';

export interface AuthLayoutProps {
  /** The page's one <h1>. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The form card's width: "narrow" for sign-in, "wide" for the sign-up forms. Default "narrow". */
  width?: 'narrow' | 'wide';
  children: ReactNode;
  /** Under the card (links to the other auth screens). */
  footer?: ReactNode;
}

const HIGHLIGHTS = [
  { icon: Gauge, text: 'Follow every service on your vehicle as it happens' },
  { icon: CalendarCheck, text: 'Book a service slot in under a minute' },
  { icon: ShieldCheck, text: 'Certified technicians and transparent progress' },
] as const;

/**
 * Full-screen auth page: the brand panel (a banner landmark) beside — on phones, above — the form card in the
 * page's <main>, which holds the one <h1>.
 */
export function AuthLayout({ title, subtitle, width = 'narrow', children, footer }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <header className={cx(styles.brand, 'theme-dark')}>
        <Link to="/" className={styles.logo} aria-label="CarCare home">
          <span className={styles.mark} aria-hidden="true">
            <CarFront />
          </span>
          <span className={styles.word} aria-hidden="true">
            Car<span className={styles.accent}>Care</span>
          </span>
        </Link>
        <div className={styles.pitch}>
          <p className={styles.headline}>
            Your vehicle, <span className={styles.accent}>expertly cared for.</span>
          </p>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.fineprint}>© CarCare. Service you can see.</p>
      </header>
      <main className={styles.content}>
        <div className={cx(styles.card, width === 'wide' && styles.wide)}>
          <div className={styles.header}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className={cx(styles.footer, width === 'wide' && styles.wide)}>{footer}</div>}
      </main>
    </div>
  );
}
