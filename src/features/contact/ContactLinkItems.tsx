import { Mail, Phone } from 'lucide-react';
import { mailtoHref } from '@/lib/mailto';
import { contactDetails } from './contactDetails';

/** The phone and e-mail list items the contact section and the footer both show; each list keeps its own look. */
export function ContactLinkItems() {
  return (
    <>
      <li>
        <Phone aria-hidden="true" />
        <a href={contactDetails.phoneHref}>{contactDetails.phone}</a>
      </li>
      <li>
        <Mail aria-hidden="true" />
        <a href={mailtoHref(contactDetails.email)}>{contactDetails.email}</a>
      </li>
    </>
  );
}
