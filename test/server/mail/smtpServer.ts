import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the in-process SMTP server received it. */
export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  subject: string;
  messageId: string;
  /** The text part, quoted-printable decoded. */
  text: string;
  /** Whether the server answered "250 OK" to its DATA (false: held, or the client went away first). */
  accepted: boolean;
}

export interface SmtpOptions {
  /** Answer this message's DATA with a temporary failure (451) instead of accepting it. */
  refuse?: (mail: ReceivedMail) => boolean;
  /** Keep this message's DATA unanswered until `release()` (the client waits for the answer). */
  hold?: (mail: ReceivedMail) => boolean;
  /** The loopback port to listen on; a free one by default. */
  port?: number;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message whose DATA arrived, in order (held and refused ones too). */
  received: ReceivedMail[];
  /** Messages the server accepted (250). */
  accepted(): ReceivedMail[];
  /** Resolves once `count` messages were accepted. */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves once a message is being held. */
  waitForHeld(timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers every held DATA with 250. */
  release(): void;
  close(): Promise<void>;
}

/** RFC 2045 quoted-printable → text (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded, lower-case names) and the decoded body of a single-part text message. */
function parse(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  return { headers, text: encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body };
}

function waitUntil<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const result = check();
      if (result !== undefined) {
        clearInterval(timer);
        resolve(result);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`SMTP test server: ${what} did not happen within ${timeoutMs} ms`));
      }
    }, 20);
  });
}

/** An SMTP server on a loopback port (no TLS, no authentication) that records what it receives. */
export async function startSmtpServer(options: SmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parse(Buffer.concat(chunks).toString('utf8'));
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
          text,
          accepted: false,
        };
        received.push(mail);
        const accept = () => {
          mail.accepted = true;
          callback();
        };
        if (options.refuse?.(mail)) {
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        } else if (options.hold?.(mail)) {
          held.push(accept);
        } else {
          accept();
        }
      });
    },
  });
  server.on('error', () => undefined); // a client killed mid-DATA resets its connection
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const accepted = () => received.filter((mail) => mail.accepted);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accepted,
    waitForAccepted: (count, timeoutMs = 20_000) => waitUntil(() => (accepted().length >= count ? accepted() : undefined), timeoutMs, `${count} accepted messages`),
    waitForHeld: (timeoutMs = 20_000) => waitUntil(() => (held.length > 0 ? received.find((mail) => !mail.accepted) : undefined), timeoutMs, 'a held message'),
    release: () => {
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
