import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { isApiError, messageOf, serverMessageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import * as paths from '@/config/paths';
import { checkStoredSession, selectIsAuthenticated } from '@/features/auth';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useVerifyEmailMutation } from '../accountApi';
import styles from './Account.module.css';

type Outcome = { kind: 'verifying' } | { kind: 'verified'; text: string } | { kind: 'invalid'; text: string } | { kind: 'failed'; text: string };

/**
 * The verification link's page: sends the link's token to POST /api/account/email/verify once, and says how it went.
 * Signed in, the session reads the profile again, so the banner goes and a changed address shows.
 */
export function VerifyEmail({ token }: { token: string | null }) {
  const dispatch = useAppDispatch();
  const [verifyEmail] = useVerifyEmailMutation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'verifying' } : { kind: 'invalid', text: ACCOUNT_MESSAGES.linkInvalid });
  // A link is single-use: StrictMode's second effect (and a re-render) must not send it again.
  const sent = useRef(false);

  const verify = useCallback(async () => {
    if (!token) return;
    setOutcome({ kind: 'verifying' });
    try {
      const answer = await verifyEmail({ token }).unwrap();
      setOutcome({ kind: 'verified', text: answer.message || ACCOUNT_MESSAGES.emailVerified });
      if (signedIn) void dispatch(checkStoredSession());
    } catch (error) {
      if (isApiError(error) && error.status === 400) setOutcome({ kind: 'invalid', text: serverMessageOf(error) ?? ACCOUNT_MESSAGES.linkInvalid });
      else setOutcome({ kind: 'failed', text: messageOf(error) });
    }
  }, [dispatch, verifyEmail, signedIn, token]);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void verify();
  }, [verify]);

  const onward = signedIn ? <Link to={paths.dashboard}>Go to your dashboard</Link> : <Link to={paths.login}>Sign in</Link>;

  switch (outcome.kind) {
    case 'verifying':
      return (
        <div className="form-pending">
          <Spinner label="Verifying your e-mail address" showLabel />
        </div>
      );
    case 'verified':
      return (
        <div className="form-stack">
          <Alert variant="success">{outcome.text}</Alert>
          <p className={styles.next}>{onward}</p>
        </div>
      );
    case 'invalid':
      return (
        <div className="form-stack">
          <Alert variant="error">{outcome.text}</Alert>
          <p className={styles.next}>
            {signedIn ? 'Your dashboard offers to send a new link.' : 'Sign in to ask for a new link.'} {onward}
          </p>
        </div>
      );
    case 'failed':
      return (
        <div className="form-stack">
          <Alert variant="error">{outcome.text}</Alert>
          <Button variant="secondary" onClick={() => void verify()}>
            Try again
          </Button>
        </div>
      );
  }
}
