import { createServer } from 'node:http';
import { type ReceivedMail, startSmtpServer } from '../../server/mail/smtpServer';

/**
 * The e-mail the server under test sends (SMTP_URL) lands in an in-process SMTP server started by globalSetup. The
 * tests run in other processes, so the messages are also served as JSON on a loopback HTTP port: `GET /?to=<address>`.
 */
export async function startMailbox(smtpPort: number, httpPort: number): Promise<() => Promise<void>> {
  const smtp = await startSmtpServer({ port: smtpPort });
  const http = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://mailbox').searchParams.get('to')?.toLowerCase();
    const mails = smtp.accepted().filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await smtp.close();
  };
}

function mailboxUrl(): string {
  return `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/`;
}

/** The messages sent to `to` so far. */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailboxUrl()}?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/** The site's own origin (playwright.config.ts), which the server puts in the links it e-mails (APP_URL). */
export function siteOrigin(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}

/** The links in a message's text that start with `prefix`. */
function linksIn(mail: ReceivedMail, prefix: string): string[] {
  return mail.text.split(/\s+/).filter((word) => word.startsWith(prefix));
}

/**
 * Waits until a message to `to` holds a link to `page` (e.g. `/reset-password`) that was not among `seen`, and
 * returns that link with its subject: `${siteOrigin()}${page}#token=…`.
 */
export async function waitForLink(to: string, page: string, seen: readonly string[] = [], timeoutMs = 20_000): Promise<{ link: string; subject: string }> {
  const prefix = `${siteOrigin()}${page}#token=`;
  const started = Date.now();
  for (;;) {
    for (const mail of await mailTo(to)) {
      const link = linksIn(mail, prefix).find((candidate) => !seen.includes(candidate));
      if (link) return { link, subject: mail.subject };
    }
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail to ${to} with a new link to ${page} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for a message to `to` whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const mail = (await mailTo(to)).find((candidate) => subject.test(candidate.subject));
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail to ${to} with a subject like ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
