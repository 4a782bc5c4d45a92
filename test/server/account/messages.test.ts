/**
 * Every message of ACCOUNT_MESSAGES (contract/account.ts) is asserted by a test of the account domain (or, for the
 * Google sign-in refusal, of oauth): a message added without a test fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_MESSAGES } from '../../../server/src/contract/account';

const SUITES = [
  ...readdirSync(__dirname)
    .filter((file) => file.endsWith('.test.ts') && file !== 'messages.test.ts')
    .map((file) => join(__dirname, file)),
  join(__dirname, '../oauth/oauth.test.ts'),
];

it('every account message is expected by some test', () => {
  const text = SUITES.map((path) => readFileSync(path, 'utf8')).join('\n');
  const unasserted = Object.keys(ACCOUNT_MESSAGES).filter((key) => !text.includes(`ACCOUNT_MESSAGES.${key}`));
  expect(unasserted).toEqual([]);
});
