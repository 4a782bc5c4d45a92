import { NOTIFICATION_KINDS, type NotificationKind } from '../contract/notifications';
import { printable } from '../domain/text';

/** Every e-mail's closing: who writes, and why the recipient gets it. */
const FOOTER = '— CarCare\n\nYou receive these e-mails because e-mail notifications are on in your CarCare profile; you can turn them off there.';
/** An account e-mail is sent whatever the notification choice: it is about the account itself. */
const ACCOUNT_FOOTER = '— CarCare\n\nYou receive this e-mail because it is about your CarCare account.';

/** An e-mail's text: greeting, body, footer. The name is the account's own, so it is made one printable line. */
export function letter(name: string, body: string, footer: string = FOOTER): string {
  return `Hello ${printable(name)},\n\n${body}\n\n${footer}`;
}

/**
 * E-mails about the account itself, written by the account domain (server/src/account). They are the only ones an
 * unverified address gets: its verification link, a reset link, and the security notices.
 * - VERIFY_EMAIL: the link that verifies the account's address (after registering, or asked again);
 * - CONFIRM_NEW_EMAIL: to a new address asked for on the Account page, the link that makes it the account's;
 * - EMAIL_CHANGE_REQUESTED: to the old address, saying which new one was asked for;
 * - PASSWORD_RESET: the reset link ("Forgot password?");
 * - PASSWORD_CHANGED: after a reset or a change on the Account page.
 */
export const ACCOUNT_MAIL_KINDS = ['VERIFY_EMAIL', 'CONFIRM_NEW_EMAIL', 'EMAIL_CHANGE_REQUESTED', 'PASSWORD_RESET', 'PASSWORD_CHANGED'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/** The outbox's kinds (its CHECK, mail/sql/10_checks.ts): the job e-mails' (notifications' kinds) and the account's. */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, ...ACCOUNT_MAIL_KINDS] as const;
export type MailKind = NotificationKind | AccountMailKind;

export function isAccountMail(kind: MailKind): kind is AccountMailKind {
  return (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind);
}

/** What an account e-mail's row stores (`params`): the facts its wording needs, its link sealed (mail/links.ts). */
export interface AccountMailFacts {
  name: string;
  /** VERIFY_EMAIL, CONFIRM_NEW_EMAIL, PASSWORD_RESET: the link, sealed to the row. */
  link?: string;
  /** How long the link works, e.g. "30 minutes". */
  validFor?: string;
  /** EMAIL_CHANGE_REQUESTED: the address asked for. */
  newEmail?: string;
}

/** "30 minutes", "48 hours", "1 day": a link's lifetime in the largest whole unit. */
export function durationText(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const IF_NOT_YOU = 'If this was not you, reset your password from the sign-in page ("Forgot password?") at once, and sign out of all devices on the Account page.';

/** An account e-mail's subject and text; `link` is the opened link (kinds that carry one). */
export function accountMail(kind: AccountMailKind, facts: AccountMailFacts, link: string | null): { subject: string; text: string } {
  const needLink = () => {
    if (link === null) throw new Error(`A ${kind} e-mail without its link`);
    return link;
  };
  const validFor = facts.validFor ?? 'a limited time';
  const [subject, body] = ((): [string, string] => {
    switch (kind) {
      case 'VERIFY_EMAIL':
        return [
          'Verify your e-mail address',
          `Please confirm that this address is yours by opening this link:\n\n  ${needLink()}\n\n` +
            `The link works for ${validFor}. Until the address is verified we send it no e-mail about your jobs.\n\n` +
            'If you did not create a CarCare account, you can ignore this e-mail.',
        ];
      case 'CONFIRM_NEW_EMAIL':
        return [
          'Confirm your new e-mail address',
          `You asked to use this address for your CarCare account. Open this link to confirm it:\n\n  ${needLink()}\n\n` +
            `The link works for ${validFor}. Until then your account keeps its current address.\n\n` +
            'If you did not ask for this, you can ignore this e-mail.',
        ];
      case 'EMAIL_CHANGE_REQUESTED':
        return [
          'Your CarCare e-mail address is being changed',
          `Someone signed in to your CarCare account asked to change its e-mail address to ${printable(facts.newEmail ?? '')}. ` +
            'The change happens once the link we sent to that address is opened.\n\n' +
            IF_NOT_YOU,
        ];
      case 'PASSWORD_RESET':
        return [
          'Reset your CarCare password',
          `We received a request to reset the password of your CarCare account. Open this link to choose a new one:\n\n  ${needLink()}\n\n` +
            `The link works once, for ${validFor}. If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
        ];
      case 'PASSWORD_CHANGED':
        return ['Your CarCare password was changed', `The password of your CarCare account was just changed, and the other devices signed in to it were signed out.\n\n${IF_NOT_YOU}`];
    }
  })();
  return { subject, text: letter(facts.name, body, ACCOUNT_FOOTER) };
}
