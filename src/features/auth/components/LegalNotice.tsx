import { Link } from 'react-router-dom';
import * as paths from '@/config/paths';
import styles from './AuthForm.module.css';

/**
 * "By continuing you agree to …" with the Terms of service and Privacy policy links, on sign-in and both sign-ups.
 * Plain <a href> in the pre-rendered page, so they work before the app has loaded.
 */
export function LegalNotice() {
  return (
    <p className={styles.legal}>
      By continuing, you agree to CarCare&apos;s{' '}
      <Link to={paths.terms} className={styles.textLink}>
        Terms of service
      </Link>{' '}
      and{' '}
      <Link to={paths.privacy} className={styles.textLink}>
        Privacy policy
      </Link>
      .
    </p>
  );
}
