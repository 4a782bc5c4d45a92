import { PlaceholderLink } from './PlaceholderLink';
import styles from './AuthForm.module.css';

/** "By continuing you agree to …" with the Terms of service and Privacy policy links (no targets, spec §2). */
export function LegalNotice() {
  return (
    <p className={styles.legal}>
      By continuing, you agree to CarCare&apos;s <PlaceholderLink>Terms of service</PlaceholderLink> and{' '}
      <PlaceholderLink>Privacy policy</PlaceholderLink>.
    </p>
  );
}
