import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_JWT_SECRET } from './test/e2e/support/constants';

/**
 * End-to-end: the production build served by `npm run serve` (the real API on an embedded database in a
 * fresh temporary directory) driven in Debian's Chromium. The config is evaluated in the runner first, and
 * the workers inherit its environment, so the port and data directory are chosen once.
 */
process.env.E2E_PORT ||= String(20000 + Math.floor(Math.random() * 20000));
// The in-process SMTP server (globalSetup) and the loopback HTTP port the tests read its messages from.
process.env.E2E_SMTP_PORT ||= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_MAILBOX_PORT ||= String(Number(process.env.E2E_PORT) + 2);
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'carcare-e2e-'));
process.env.E2E_ADMIN_EMAIL ||= 'admin@carcare.test';
process.env.E2E_ADMIN_PASSWORD ||= 'Admin-Passw0rd!';
// Screenshots (support/screenshots.ts) only when asked for: E2E_SCREENSHOTS=<folder> (CI does not look at them).

const port = Number(process.env.E2E_PORT);

/**
 * The suite's browser: E2E_CHROME_PATH if set, else Debian's headless shell (package chromium-headless-shell: the same
 * Chromium build without the browser's own UI, GPU process and extensions — the suite took 233 s of CPU instead of
 * 349 s, 7.3 min instead of 8.9–10.2 on 2 cores) when installed, else CHROME_PATH or /usr/bin/chromium. Lighthouse
 * (npm run bench) keeps the full browser (CHROME_PATH).
 */
function e2eBrowser(): string {
  if (process.env.E2E_CHROME_PATH) return process.env.E2E_CHROME_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  if (existsSync(shell)) return shell;
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'test/e2e',
  // Every test creates its own users and browser context, so tests spread over both workers.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './test/e2e/globalSetup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The stylesheet turns animations off under reduced motion: no half-faded dialog is ever measured.
    reducedMotion: 'reduce',
    // The service worker would answer pages and files from its cache: the suite tests the app as the server sends it.
    // test/e2e/serviceWorker.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: e2eBrowser(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Builds first when there is no build (npm test builds before it runs this suite).
    command: 'test -f dist/index.html || npm run build; npm run serve',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: baseURL,
      JWT_SECRET: E2E_JWT_SECRET,
      ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL || '20s',
      REFRESH_TOKEN_TTL: '1h',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      // The suite registers and signs in hundreds of people from 127.0.0.1, and signs the admin in from tests
      // running side by side: the rate limits would refuse it and the session cap would end sessions in use.
      LOGIN_MAX_ATTEMPTS: '1000',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
      REQUESTS_PER_IP_PER_MINUTE: '10000000',
      // Contact messages and newsletter sign-ups from tests running side by side, all from 127.0.0.1.
      CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000',
      MAX_SESSIONS_PER_USER: '100000',
      // Every test builds the people and jobs it needs; the demo workshop stays out.
      DEMO_DATA: '0',
      // Every e-mail goes to the in-process SMTP server; the worker looks often, so a link arrives in a moment.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_POLL_INTERVAL: '200ms',
      MAIL_RETRY_DELAY: '1s',
      // Every registration now sends a verification e-mail: its "e-mail sent" lines would bury the test output.
      LOG_LEVEL: 'warn',
      // E2E_STATIC_DIR serves another copy of a build (e.g. a snapshot while dist/ is being rebuilt).
      STATIC_DIR: process.env.E2E_STATIC_DIR || 'dist',
    },
  },
});
