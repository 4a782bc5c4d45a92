import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock';
import type { MailSettings } from '../config';
import type { Db } from '../db/schema';
import { describeError, Outbox, type OutboxMail } from './outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender; null when SMTP_URL is not set. */
    mailWorker: MailWorker | null;
  }
}

/** What the worker needs of a mail transport (nodemailer's Transporter has it). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; messageId: string }): Promise<unknown>;
  close(): void;
}

/**
 * SMTP timeouts, at most a third of the lease each, so a send that hangs fails (and is retried) before another
 * worker could take its row over.
 */
const CONNECTION_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 60_000;
/** On close, an in-flight send gets this long; its row is retried after its lease when the send is cut off. */
const STOP_GRACE_MS = 5_000;

/** A nodemailer SMTP transport from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`), one connection per mail. */
export function createSmtpTransport(smtpUrl: string, leaseMs: number): MailTransport {
  const connectionTimeout = Math.min(CONNECTION_TIMEOUT_MS, Math.floor(leaseMs / 3));
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout, greetingTimeout: connectionTimeout, socketTimeout: Math.min(SOCKET_TIMEOUT_MS, Math.floor(leaseMs / 3)) });
}

export interface MailWorkerOptions {
  db: Db;
  /** Opens the sealed links of account e-mails (Keys.mailLinks). */
  linkKey: Uint8Array;
  transport: MailTransport;
  settings: Pick<MailSettings, 'from' | 'pollIntervalMs' | 'maxAttempts' | 'retryDelayMs' | 'leaseMs'>;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * Sends the outbox (outbox.ts explains the guarantees): claims due mails one at a time, sends each with its stored
 * Message-ID, marks it SENT or schedules its retry. Polls every MAIL_POLL_INTERVAL; `wake()` looks at once.
 * Started by buildApp when SMTP_URL is set, stopped when the app closes. Any number of instances may run on one
 * database.
 */
export class MailWorker {
  private readonly outbox: Outbox;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(private readonly options: MailWorkerOptions) {
    this.outbox = new Outbox(options.db, options.linkKey);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Look for due mail now (e.g. after a change that wrote some). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops polling; waits for the mail being sent (at most STOP_GRACE_MS), then closes the transport. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wakeUp?.();
    const loop = this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(timer);
    this.options.transport.close();
  }

  /** Claims the next due mail and sends it; false when nothing is due. */
  async runOnce(): Promise<boolean> {
    const { settings, now } = this.options;
    const mail = await this.outbox.claimNext(now(), settings.leaseMs, settings.maxAttempts);
    if (mail) await this.send(mail);
    return mail !== null;
  }

  private async send(mail: OutboxMail): Promise<void> {
    const { transport, settings, now, log } = this.options;
    try {
      await transport.sendMail({
        from: settings.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        ...(mail.htmlBody !== null && { html: mail.htmlBody }),
        messageId: mail.messageId,
      });
    } catch (error) {
      const reason = describeError(error);
      const outcome = await this.outbox.markFailed(mail, now(), reason, settings);
      // The id and kind identify the mail; no address, no body, no credentials in the log.
      if (outcome === 'failed') log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason }, 'e-mail failed: no more attempts');
      else log.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason }, 'e-mail not sent: will retry');
      return;
    }
    await this.outbox.markSent(mail, now());
    log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail sent');
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = false;
      try {
        this.woken = false;
        claimed = await this.runOnce();
      } catch (error) {
        this.options.log.error({ reason: describeError(error) }, 'e-mail outbox: could not read the due mail');
      }
      // Something was due (more may be), or wake() came meanwhile: look again at once; otherwise wait a poll.
      if (claimed || this.woken || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.settings.pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}

/** The worker for the app's settings, on the app's database, clock and log. */
export function createMailWorker({
  db,
  linkKey,
  now,
  log,
  settings,
  transport,
}: {
  db: Db;
  linkKey: Uint8Array;
  now: Clock;
  log: FastifyBaseLogger;
  settings: MailSettings;
  transport?: MailTransport;
}): MailWorker {
  return new MailWorker({ db, linkKey, now, log: log.child({ component: 'mail' }), settings, transport: transport ?? createSmtpTransport(settings.smtpUrl, settings.leaseMs) });
}
