import { type ChangeEvent, type FormEvent, useState } from 'react';
import { CircleCheckBig, Clock, Send } from 'lucide-react';
import { Button } from '@/components/Button';
// Before the form fields' styles: the CSS order must match the information pages' (mini-css-extract-plugin).
import heading from './SectionHeading.module.css';
import { TextArea } from '@/components/TextArea';
import { TextField } from '@/components/TextField';
import { cx } from '@/lib/classNames';
import { ContactLinkItems } from './ContactLinkItems';
import { contactDetails } from './contactDetails';
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

/**
 * The landing page contact form (spec §5): plain React state, email input of type email, no other
 * checks. Submitting logs the message locally (console.info), shows a confirmation in a status
 * region and clears the fields. Nothing is sent to a server.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [sent, setSent] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    if (sent) setSent(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contactMessage: ContactMessage = { ...values };
    console.info('Contact message (kept locally, not sent to a server):', contactMessage);
    setValues(emptyMessage);
    setSent(true);
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

          <form className={styles.form} onSubmit={handleSubmit} aria-label="Contact form">
            <div className={styles.row}>
              <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={handleChange} />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={handleChange}
              />
            </div>
            <TextField label="Subject" name="subject" value={values.subject} onChange={handleChange} />
            <TextArea label="Message" name="message" rows={5} value={values.message} onChange={handleChange} />
            <div className={styles.footer}>
              <Button type="submit" size="lg" endIcon={<Send />}>
                Let&apos;s Get Started
              </Button>
              <div role="status" className={styles.status}>
                {sent && (
                  <p className={styles.sent}>
                    <CircleCheckBig aria-hidden="true" />
                    <span>{CONTACT_SENT_TEXT}</span>
                  </p>
                )}
              </div>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
