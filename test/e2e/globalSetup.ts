import { mkdirSync } from 'node:fs';
import { startMailbox } from './support/mailbox';

/** Runs after the web server started (Playwright starts it first): the server retries mail it could not send yet. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    console.info(`End-to-end screenshots (phone and desktop) are written to ${dir}`);
  }
  return startMailbox(Number(process.env.E2E_SMTP_PORT), Number(process.env.E2E_MAILBOX_PORT));
}
