import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { failureMessage, postJson } from './postJson';
import { SentStatus } from './SentStatus';
import styles from './NewsletterForm.module.css';

export const NEWSLETTER_SUBSCRIBED_TEXT = "Thanks — you're subscribed.";
export const NEWSLETTER_FAILED_TEXT = 'Sorry, we could not subscribe you. Please try again later.';

type SubscribeState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'subscribed' } | { kind: 'failed'; message: string };

/** The server answers alike whether or not the address was listed, so the list's members are not revealed. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SubscribeState>({ kind: 'idle' });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    const result = await postJson('/newsletter', { email });
    if (result.ok) {
      setEmail('');
      setState({ kind: 'subscribed' });
    } else {
      setState({ kind: 'failed', message: failureMessage(result, NEWSLETTER_FAILED_TEXT) });
    }
  }

  return (
    <div className={styles.newsletterBox}>
      <form className={styles.newsletterForm} onSubmit={(event) => void handleSubmit(event)} aria-label="Newsletter">
        <TextField
          label="Newsletter email address"
          type="email"
          name="newsletterEmail"
          autoComplete="email"
          placeholder="you@example.com"
          containerClassName={styles.newsletterField}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (state.kind !== 'sending') setState({ kind: 'idle' });
          }}
        />
        <Button type="submit" loading={state.kind === 'sending'}>
          Subscribe
        </Button>
      </form>
      <SentStatus sent={state.kind === 'subscribed'} text={NEWSLETTER_SUBSCRIBED_TEXT} className={styles.subscribed} />
      {state.kind === 'failed' && <Alert variant="error">{state.message}</Alert>}
    </div>
  );
}
