import { Button } from '@/components/Button';
import styles from './AuthForm.module.css';
import { GoogleButton } from './GoogleButton';
import { LegalNotice } from './LegalNotice';

/** The end of the sign-in and sign-up forms: their submit button, "or", Continue with Google, the legal notice. */
export function AuthFormActions({ submitLabel, isSubmitting }: { submitLabel: string; isSubmitting: boolean }) {
  return (
    <>
      <Button type="submit" fullWidth size="lg" loading={isSubmitting} className={styles.submit}>
        {submitLabel}
      </Button>
      <p className={styles.divider}>or</p>
      <GoogleButton disabled={isSubmitting} />
      <LegalNotice />
    </>
  );
}
