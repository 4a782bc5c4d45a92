import type { ContactMessageBody } from '../contract/contact';
import type { ContactColumns } from './repository';

/** What the contact form stores: the text as typed, without surrounding white space. */
export function contactColumns(body: ContactMessageBody): ContactColumns {
  return {
    name: body.name.trim(),
    email: body.email.trim(),
    subject: (body.subject ?? '').trim(),
    message: body.message.trim(),
  };
}
