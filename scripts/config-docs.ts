/**
 * Writes the environment-variable table of server/README.md from the configuration schema
 * (server/src/config/schema.ts). `--check` writes nothing and exits 1 when the README is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withConfigTable } from '../server/src/config/docs';

const README = resolve(__dirname, '../server/README.md');
const current = readFileSync(README, 'utf8');
const next = withConfigTable(current);

if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('server/README.md § Environment differs from server/src/config/schema.ts: run npm run docs:config');
    process.exit(1);
  }
  console.info('server/README.md § Environment matches the configuration schema');
} else if (next === current) {
  console.info('server/README.md § Environment is up to date');
} else {
  writeFileSync(README, next);
  console.info('server/README.md § Environment written from the configuration schema');
}
