import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigTable, TABLE_END, TABLE_START, withConfigTable } from '../../../server/src/config/docs';
import { EnvSchema } from '../../../server/src/config/schema';
import { loadConfig, readEnv } from '../../../server/src/config';

/** server/README.md § Environment is the schema's table: `npm run docs:config` writes it, this test holds them together. */

const REPO = join(__dirname, '../../..');
const readme = (file: string) => readFileSync(join(REPO, file), 'utf8');
const variables = Object.keys(EnvSchema.properties);

describe('the README’s table of environment variables', () => {
  it('is the one the schema gives (run `npm run docs:config` after changing server/src/config/schema.ts)', () => {
    const text = readme('server/README.md');
    expect(withConfigTable(text)).toBe(text);
  });

  it('has one row per variable, with a default and a meaning', () => {
    const rows = renderConfigTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z][A-Z0-9_]*)` \|/.exec(row)?.[1])).toEqual(variables);
    for (const row of rows) expect(row.split(' | ').every((cell) => cell.replace(/[|`\s]/g, '') !== '')).toBe(true);
  });

  it('is replaced between its markers only', () => {
    const page = `# Title\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nAfter.\n`;
    expect(withConfigTable(page)).toBe(`# Title\n\n${TABLE_START}\n${renderConfigTable()}\n${TABLE_END}\n\nAfter.\n`);
    expect(() => withConfigTable('# No markers')).toThrow(/config-table:start/);
  });

  it('names no variable in README.md that the schema does not have', () => {
    const section = readme('README.md').split('## Environment variables')[1].split('\n## ')[0];
    const named = [...section.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((match) => match[1]);
    const appOnly = ['API_BASE_URL', 'API_PROXY_TARGET', 'WEB_PORT', 'CHROME_PATH', 'E2E_CHROME_PATH', 'E2E_PORT', 'E2E_ACCESS_TOKEN_TTL'];
    expect(named.filter((name) => !variables.includes(name) && !appOnly.includes(name))).toEqual([]);
  });
});

describe('the schema is what loadConfig reads', () => {
  it('gives every variable a value or leaves it unset, and refuses a nonsense value of every checked variable by name', () => {
    const { values, errors } = readEnv({});
    expect(errors).toEqual([]);
    expect(Object.keys(values).every((name) => variables.includes(name))).toBe(true);
    for (const name of variables) {
      const schema = (EnvSchema.properties as unknown as Record<string, { 'x-env': string; pattern?: string; format?: string; minLength?: number }>)[name];
      const checked = schema['x-env'] !== 'text' && schema['x-env'] !== 'untrimmed';
      const constrained = schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined;
      if (!checked && !constrained) continue;
      const message = readEnv({ [name]: '!?' }).errors.join('\n');
      expect({ name, names: message.includes(name) }).toEqual({ name, names: true });
    }
  });

  it('reports every invalid variable at once, a line each', () => {
    expect(() => loadConfig({ PORT: 'eighty', MAX_CONNECTIONS: '0' })).toThrow(
      'PORT must be a whole number between 0 and 65535 (got "eighty")\nMAX_CONNECTIONS must be a whole number between 1 and 1000000 (got "0")',
    );
  });

  it('never repeats an SMTP_URL, which may hold a password', () => {
    expect(() => loadConfig({ SMTP_URL: 'mysql://user:secret@host' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => loadConfig({ SMTP_URL: 'user:secret' })).not.toThrow(/secret/);
  });
});
