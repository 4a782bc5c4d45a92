// The contact domain: what visitors send (the contact form, the newsletter) and the admin's inbox of it.
export { contactApi, useGetUnreadContactCountQuery } from './contactApi';
export { contactDetails } from './contactDetails';
export { ContactForm } from './ContactForm';
export { ContactLinkItems } from './ContactLinkItems';
export { MessagesInbox } from './MessagesInbox';
export { NewsletterForm } from './NewsletterForm';
