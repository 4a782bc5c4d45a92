import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Clock, Send } from 'lucide-react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
// Before the form fields' styles: the CSS order must match the information pages' (mini-css-extract-plugin).
import heading from '@/components/SectionHeading.module.css';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { cx } from '@/lib/classNames';
import { ContactLinkItems } from './ContactLinkItems';
import { contactDetails } from './contactDetails';
import { failureMessage, postJson } from './postJson';
import { SentStatus } from './SentStatus';
import styles from './ContactForm.module.css';

/** Spec §3 "Contact message". */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const emptyMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };

export const CONTACT_SENT_TEXT = "Message sent. We'll get back to you shortly.";
export const CONTACT_FAILED_TEXT = 'Sorry, your message could not be sent. Please try again later.';

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * Plain React state, no form library: the landing page must load no form or validation code (check-budgets). The
 * server validates; the confirmation waits for it to store the message, and a refusal keeps what was typed.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ContactMessage, string>>>({});

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
    if (state.kind === 'sent') setState({ kind: 'idle' });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const contactMessage: ContactMessage = { ...values };
    setState({ kind: 'sending' });
    setFieldErrors({});
    const result = await postJson('/contact', contactMessage);
    if (result.ok) {
      setValues(emptyMessage);
      setState({ kind: 'sent' });
      return;
    }
    if (result.status === 400 && result.errors) setFieldErrors(result.errors);
    setState({ kind: 'failed', message: failureMessage(result, CONTACT_FAILED_TEXT) });
  }

  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-heading">
      <div className="container">
        <div className={styles.inner}>
          <div className={cx('theme-dark', styles.aside)}>
            <p className={heading.eyebrow}>Contact us</p>
            <h2 id="contact-heading" className={styles.title} tabIndex={-1}>
              Let’s get your car back on the road
            </h2>
            <p className={styles.lead}>
              Tell us what your vehicle needs and a service advisor will reply within one business day.
            </p>
            <ul className={styles.details}>
              <ContactLinkItems />
              <li>
                <Clock aria-hidden="true" />
                <span>
                  {contactDetails.hours[0]}
                  <br />
                  {contactDetails.hours[1]}
                </span>
              </li>
            </ul>
          </div>

          <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} aria-label="Contact form">
            <div className={styles.row}>
              <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={handleChange} error={fieldErrors.name} />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={handleChange}
                error={fieldErrors.email}
              />
            </div>
            <TextField label="Subject" name="subject" value={values.subject} onChange={handleChange} error={fieldErrors.subject} />
            <TextArea label="Message" name="message" rows={5} value={values.message} onChange={handleChange} error={fieldErrors.message} />
            {state.kind === 'failed' && <Alert variant="error">{state.message}</Alert>}
            <div className={styles.footer}>
              <Button type="submit" size="lg" endIcon={<Send />} loading={state.kind === 'sending'}>
                Let&apos;s Get Started
              </Button>
              <SentStatus sent={state.kind === 'sent'} text={CONTACT_SENT_TEXT} className={styles.sent} statusClassName={styles.status} />
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
