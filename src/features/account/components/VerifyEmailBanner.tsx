import { useId } from 'react';
import { MailExclamationPoint } from 'lucide-react';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { messageOf } from '@/api/errors';
import { Button } from '@/components/Button';
import { useResendVerificationMutation } from '../accountApi';
import styles from './VerifyEmailBanner.module.css';

const VERIFY_EMAIL_TITLE = 'Verify your e-mail address';

/**
 * Every signed-in frame shows it while the profile says the address is not verified: what to do, and Resend
 * (POST /api/account/email/resend, rate-limited). A named region, its answer announced politely.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const titleId = useId();
  const [resend, { isLoading, isSuccess, isError, data, error }] = useResendVerificationMutation();
  const answer = isSuccess ? data?.message || ACCOUNT_MESSAGES.verificationSent : isError ? messageOf(error) : '';
  return (
    <section aria-labelledby={titleId} className={styles.banner}>
      <MailExclamationPoint className={styles.icon} aria-hidden="true" />
      <div className={styles.text}>
        <p id={titleId} className={styles.title}>
          {VERIFY_EMAIL_TITLE}
        </p>
        <p>
          We sent a link to <strong className={styles.email}>{email}</strong>. Open it to confirm the address is yours; until then you get no
          e-mails about your jobs.
        </p>
        <p role="status" className={isError ? styles.error : styles.answer}>
          {answer}
        </p>
      </div>
      <Button size="sm" variant="secondary" loading={isLoading} className={styles.resend} onClick={() => void resend()}>
        Resend
      </Button>
    </section>
  );
}
