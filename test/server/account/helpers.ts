/**
 * The account domain in tests: its e-mails as the worker would word them (links opened with the app's key, as the
 * worker opens them), the token of a link, and an account verified the way a person verifies it.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openLink } from '../../../server/src/mail/links';
import { type AccountMailFacts, type AccountMailKind, accountMail, isAccountMail } from '../../../server/src/mail/texts';
import { call } from '../helpers/http';

export interface SentMail {
  id: string;
  kind: string;
  recipient: string;
  userId: string | null;
  subject: string;
  text: string;
  /** The row's stored facts, as JSON text (the link in it sealed). */
  stored: string;
}

/** The outbox's account e-mails to `recipient` (every one, when null), oldest first, worded. */
export async function accountMails(app: FastifyInstance, recipient: string | null = null): Promise<SentMail[]> {
  const rows = await app.db
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'recipient', 'user_id', 'params', 'created_at'])
    .$if(recipient !== null, (qb) => qb.where('recipient', '=', recipient as string))
    .orderBy('created_at')
    // The tests' clock stands still, so rows written one after the other share created_at: the writing transaction's
    // id (xmin) orders them as they were written; a random uuid would not.
    .orderBy(sql`xmin::text::bigint`)
    .execute();
  return rows
    .filter((row) => isAccountMail(row.kind))
    .map((row) => {
      const facts = row.params as AccountMailFacts;
      const link = facts.link === undefined ? null : openLink(app.keys.mailLinks, row.id, facts.link);
      const { subject, text } = accountMail(row.kind as AccountMailKind, facts, link);
      return { id: row.id, kind: row.kind, recipient: row.recipient, userId: row.user_id, subject, text, stored: JSON.stringify(row.params) };
    });
}

/** The link in a mail's text: its URL and the token in its fragment. */
export function linkIn(mail: SentMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+#token=([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match) throw new Error(`no link in the ${mail.kind} mail to ${mail.recipient}`);
  return { url: match[1], token: match[2] };
}

/** The newest account e-mail of `kind` to `recipient`. */
export async function lastMail(app: FastifyInstance, recipient: string, kind: AccountMailKind): Promise<SentMail> {
  const mail = (await accountMails(app, recipient)).filter((candidate) => candidate.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${recipient}`);
  return mail;
}

/** The token of the newest link of `kind` sent to `recipient`. */
export async function tokenSentTo(app: FastifyInstance, recipient: string, kind: AccountMailKind): Promise<string> {
  return linkIn(await lastMail(app, recipient, kind)).token;
}

/** Opens the verification link sent to a newly registered `email`, as its owner would. */
export async function verifyEmail(app: FastifyInstance, email: string): Promise<void> {
  const token = await tokenSentTo(app, email, 'VERIFY_EMAIL');
  const response = await call(app, 'POST', '/api/account/email/verify', { body: { token } });
  if (response.status !== 200) throw new Error(`verification failed: ${response.status} ${response.text}`);
}

/** Waits for the work "forgot password" requests left after their answers (the look-up and the e-mail). */
export function settled(app: FastifyInstance): Promise<void> {
  return app.account.afterAnswer.idle();
}
