import { mkdirSync } from 'node:fs';

export default function globalSetup() {
  const dir = process.env.E2E_SCREENSHOTS as string;
  mkdirSync(dir, { recursive: true });
  console.info(`End-to-end screenshots (phone and desktop) are written to ${dir}`);
}
