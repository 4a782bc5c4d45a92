/** Every e-mail's closing: who writes, and why the recipient gets it. */
const FOOTER = '— CarCare\n\nYou receive these e-mails because e-mail notifications are on in your CarCare profile; you can turn them off there.';

/** An e-mail's text: greeting, body, footer. */
export function letter(name: string, body: string): string {
  return `Hello ${name},\n\n${body}\n\n${FOOTER}`;
}
