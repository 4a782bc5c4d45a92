import { printable } from '../domain/text';

/** Every e-mail's closing: who writes, and why the recipient gets it. */
const FOOTER = '— CarCare\n\nYou receive these e-mails because e-mail notifications are on in your CarCare profile; you can turn them off there.';

/** An e-mail's text: greeting, body, footer. The name is the account's own, so it is made one printable line. */
export function letter(name: string, body: string): string {
  return `Hello ${printable(name)},\n\n${body}\n\n${FOOTER}`;
}
