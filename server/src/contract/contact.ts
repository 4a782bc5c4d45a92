/**
 * The contact domain: the landing page's contact form and newsletter box, and the admin's Messages page.
 * - POST /api/contact (anyone, rate-limited per IP): a visitor's message, stored for the admins.
 * - POST /api/newsletter (anyone, rate-limited per IP): an address on the newsletter list. The same address twice
 *   is one row and the same answer, so the answer never tells whether someone had subscribed.
 * - GET /api/contact-messages, POST /api/contact-messages/:id/read (admin): the messages, newest first.
 * - GET /api/newsletter-subscribers, DELETE /api/newsletter-subscribers/:id (admin): the list, and removal (how
 *   an unsubscribe request is honoured).
 */
import { type Static, Type } from 'typebox';
import { Id, Instant, PageQuery, Paged } from './common';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN } from './rules';

/** Contact-form limits, in characters. An e-mail address: RFC 5321's limit on an address in a mail path. */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, subject: 150, message: 5000 } as const;

const NOT_BLANK = '\\S';

export const CONTACT_MESSAGES = {
  notFound: 'Message not found',
  subscriberNotFound: 'Subscriber not found',
  /** POST /api/newsletter's answer, the same for a new and a known address. */
  subscribed: "Thanks — you're subscribed.",
  /** POST /api/contact's answer (the form shows the spec's own wording). */
  received: "Message sent. We'll get back to you shortly.",
} as const;

/** The one e-mail rule (contract/rules.ts), as for sign-up: an address shown to admins as a mailto: link. */
const email = Type.String({
  maxLength: CONTACT_LIMITS.email,
  pattern: EMAIL_PATTERN,
  errorMessages: { required: EMAIL_MESSAGES.required, type: EMAIL_MESSAGES.invalid, pattern: EMAIL_MESSAGES.invalid, maxLength: EMAIL_MESSAGES.tooLong },
});

/** POST /api/contact. Name, e-mail and message are required; the subject may be left empty. */
export const ContactMessageBody = Type.Object(
  {
    name: Type.String({
      maxLength: CONTACT_LIMITS.name,
      pattern: NOT_BLANK,
      errorMessages: {
        required: 'Name is required',
        type: 'Name is required',
        pattern: 'Name is required',
        maxLength: `Name must be at most ${CONTACT_LIMITS.name} characters long`,
      },
    }),
    email,
    subject: Type.Optional(
      Type.String({
        maxLength: CONTACT_LIMITS.subject,
        errorMessages: { type: 'Subject must be text', maxLength: `Subject must be at most ${CONTACT_LIMITS.subject} characters long` },
      }),
    ),
    message: Type.String({
      maxLength: CONTACT_LIMITS.message,
      pattern: NOT_BLANK,
      errorMessages: {
        required: 'Message is required',
        type: 'Message is required',
        pattern: 'Message is required',
        maxLength: `Message must be at most ${CONTACT_LIMITS.message} characters long`,
      },
    }),
  },
  { additionalProperties: false },
);
export type ContactMessageBody = Static<typeof ContactMessageBody>;

/** POST /api/contact → 201, POST /api/newsletter → 200. */
export const ContactReceipt = Type.Object({ message: Type.String() });
export type ContactReceipt = Static<typeof ContactReceipt>;

/** POST /api/newsletter. */
export const NewsletterBody = Type.Object({ email }, { additionalProperties: false });
export type NewsletterBody = Static<typeof NewsletterBody>;

/** A stored contact message, as the admin reads it. */
export const ContactMessage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  /** Empty when the visitor left it out. */
  subject: Type.String(),
  message: Type.String(),
  receivedAt: Instant,
  /** When an admin marked it read (absent: unread), and that admin's name (absent if the account is gone). */
  readAt: Type.Optional(Instant),
  readBy: Type.Optional(Type.String()),
});
export type ContactMessage = Static<typeof ContactMessage>;

export const ContactMessageParams = Type.Object({ id: Id('Message') }, { additionalProperties: false });
export type ContactMessageParams = Static<typeof ContactMessageParams>;

/** GET /api/contact-messages: newest first, keyset-paged (`?limit=&cursor=`). */
export const ContactMessageListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type ContactMessageListQuery = Static<typeof ContactMessageListQuery>;

/** A page of messages, with how many there are in all and how many of those are unread. */
export const ContactMessagePage = Type.Object({
  ...Paged(ContactMessage).properties,
  total: Type.Integer(),
  unreadCount: Type.Integer(),
});
export type ContactMessagePage = Static<typeof ContactMessagePage>;

/** A newsletter subscriber (the address is stored lower-cased). */
export const NewsletterSubscriber = Type.Object({
  id: Type.String(),
  email: Type.String(),
  subscribedAt: Instant,
});
export type NewsletterSubscriber = Static<typeof NewsletterSubscriber>;

export const NewsletterSubscriberParams = Type.Object({ id: Id('Subscriber') }, { additionalProperties: false });
export type NewsletterSubscriberParams = Static<typeof NewsletterSubscriberParams>;

/** GET /api/newsletter-subscribers: newest first, keyset-paged. */
export const NewsletterSubscriberListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type NewsletterSubscriberListQuery = Static<typeof NewsletterSubscriberListQuery>;

export const NewsletterSubscriberPage = Type.Object({
  ...Paged(NewsletterSubscriber).properties,
  total: Type.Integer(),
});
export type NewsletterSubscriberPage = Static<typeof NewsletterSubscriberPage>;
