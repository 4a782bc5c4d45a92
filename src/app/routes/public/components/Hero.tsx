import { ArrowRight, CircleCheckBig } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/Button';
import { cx } from '@/lib/classNames';
import { HeroIllustration } from './HeroIllustration';
import { scrollToSection } from './scrollToSection';
import { useStoredSignIn } from '@/lib/storedSession';
import styles from './Hero.module.css';
import * as paths from '@/config/paths';

const highlights = ['Certified technicians', 'Transparent quotes', 'Live service tracking'];

/**
 * The landing page's opening section with the page's only h1. GET STARTED leads to registration, or to the
 * dashboard when this browser is signed in; LEARN MORE scrolls to the services and moves focus there.
 */
export function Hero() {
  const signedIn = useStoredSignIn();
  return (
    <section className={cx('theme-dark', styles.hero)} aria-labelledby="hero-heading">
      <div className={cx('container', styles.inner)}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>Vehicle service &amp; maintenance</p>
          <h1 id="hero-heading" className={styles.title}>
            Expert care that keeps <span className={styles.accent}>you moving</span>
          </h1>
          <p className={styles.lead}>
            From a quick oil change to advanced diagnostics, CarCare’s technicians look after every make and model —
            with clear pricing and real-time updates on your vehicle.
          </p>
          <div className={styles.actions}>
            <Link to={signedIn ? paths.dashboard : paths.register} className={buttonClassName({ size: 'lg' })}>
              GET STARTED
              <ArrowRight aria-hidden="true" className={styles.linkIcon} />
            </Link>
            <Button size="lg" variant="secondary" onClick={() => scrollToSection('services-heading')}>
              LEARN MORE
            </Button>
          </div>
          <ul className={styles.highlights}>
            {highlights.map((item) => (
              <li key={item}>
                <CircleCheckBig aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.art}>
          <HeroIllustration className={styles.illustration} />
        </div>
      </div>
    </section>
  );
}
