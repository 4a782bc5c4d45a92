import { Alert } from '@/components/Alert';
import { useLeftNotice } from '@/lib/flashNotice';
import styles from './LeftNotice.module.css';

/** The message the page before left for the sign-in page (the account was closed), above the form. */
export default function LeftNotice() {
  const notice = useLeftNotice();
  return notice ? (
    <Alert variant="success" className={styles.notice}>
      {notice}
    </Alert>
  ) : null;
}
