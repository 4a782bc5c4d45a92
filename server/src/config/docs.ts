import { EnvSchema } from './schema';
import type { VariableMeta } from './variables';

/** Where the generated table sits in server/README.md. */
export const TABLE_START = '<!-- config-table:start (npm run docs:config writes this table from server/src/config/schema.ts) -->';
export const TABLE_END = '<!-- config-table:end -->';

function defaultText(variable: VariableMeta & { default?: unknown }): string {
  if (variable['x-default'] !== undefined) return variable['x-default'];
  if (variable.default === undefined) return 'unset';
  return `\`${String(variable.default)}\``;
}

/** The README's table of environment variables: name, default, meaning — one row per variable of the schema. */
export function renderConfigTable(): string {
  const rows = Object.entries(EnvSchema.properties).map(([name, schema]) => {
    const variable = schema as unknown as VariableMeta & { default?: unknown };
    return `| \`${name}\` | ${defaultText(variable)} | ${variable.description} |`;
  });
  return ['| name | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the markers replaced by the table; throws when the markers are missing. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`server/README.md must hold the lines\n${TABLE_START}\n${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${renderConfigTable()}\n${readme.slice(end)}`;
}
