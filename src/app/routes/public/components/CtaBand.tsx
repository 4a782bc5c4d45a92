import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { buttonClassName } from '@/components/Button';
import { cx } from '@/lib/classNames';
import styles from './InfoPage.module.css';
import * as paths from '@/config/paths';

/** Closing call to action on the info pages: create an account or sign in. */
export function CtaBand() {
  return (
    <section className={styles.ctaSection} aria-labelledby="cta-heading">
      <div className="container">
        <div className={cx('theme-dark', styles.cta)}>
          <div>
            <h2 id="cta-heading" className={styles.ctaTitle}>
              Ready for your next service?
            </h2>
            <p className={styles.ctaText}>Create a free account to book appointments and follow every job live.</p>
          </div>
          <div className={styles.ctaActions}>
            <Link to={paths.register} className={buttonClassName({ size: 'lg' })}>
              Create an account
              <ArrowRight aria-hidden="true" className={styles.ctaIcon} />
            </Link>
            <Link to={paths.login} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
              Sign in
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
