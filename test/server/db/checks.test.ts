/**
 * The CHECK lists come from the contract (the sql/NN_checks.ts modules, db/checks.ts): the database holds exactly
 * the contract's lists, no other list, and a changed list is applied by dropping and adding the constraint.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ACCOUNT_TOKEN_PURPOSES } from '../../../server/src/account/rules';
import { ROLES } from '../../../server/src/contract/auth';
import {
  DECISION_CHANNELS,
  DECISIONS,
  ESTIMATE_ITEM_KINDS,
  ESTIMATE_ITEM_STATUSES,
  LINE_KINDS,
  LINE_SOURCES,
  MANUAL_LINE_KINDS,
  PAYMENT_METHODS,
} from '../../../server/src/contract/billingTerms';
import { PURCHASE_ORDER_STATUSES, STOCK_MOVEMENT_KINDS } from '../../../server/src/contract/inventory';
import { LIVE_EVENT_TYPES } from '../../../server/src/contract/live';
import { MAIL_STATES, NOTIFICATION_AUDIENCES, NOTIFICATION_KINDS } from '../../../server/src/contract/notifications';
import { JOB_HISTORY_EVENTS } from '../../../server/src/contract/reports';
import { APPOINTMENT_STATUSES, STAGES } from '../../../server/src/contract/statuses';
import { TIME_LOG_REVIEW_STATES } from '../../../server/src/contract/timeLogs';
import { loadConfig } from '../../../server/src/config';
import { listChecks } from '../../../server/src/db/checks';
import { type OpenedDatabase, openDatabase } from '../../../server/src/db/connect';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { applySchemaObjects, discoverSchemaObjects } from '../../../server/src/db/objects';
import type { Db } from '../../../server/src/db/schema';
import { MAIL_KINDS } from '../../../server/src/mail/texts';
import { createTestDatabase, TEST_JWT_SECRET, type TestDatabase } from '../helpers/testApp';

const LISTS: Record<string, readonly string[]> = {
  users_role_check: ROLES,
  appointments_status_check: APPOINTMENT_STATUSES,
  appointments_stage_check: STAGES,
  job_history_event_check: JOB_HISTORY_EVENTS,
  job_history_status_check: APPOINTMENT_STATUSES,
  job_history_stage_check: STAGES,
  time_logs_review_state_check: TIME_LOG_REVIEW_STATES,
  notifications_kind_check: NOTIFICATION_KINDS,
  notifications_audience_check: NOTIFICATION_AUDIENCES,
  email_outbox_state_check: MAIL_STATES,
  // Job e-mails are a notification's kinds; the account's own e-mails follow them.
  email_outbox_kind_check: MAIL_KINDS,
  live_events_type_check: LIVE_EVENT_TYPES,
  account_tokens_purpose_check: ACCOUNT_TOKEN_PURPOSES,
  stock_movements_kind_check: STOCK_MOVEMENT_KINDS,
  purchase_orders_status_check: PURCHASE_ORDER_STATUSES,
  estimate_items_kind_check: ESTIMATE_ITEM_KINDS,
  estimate_items_status_check: ESTIMATE_ITEM_STATUSES,
  estimate_decisions_decision_check: DECISIONS,
  estimate_decisions_channel_check: DECISION_CHANNELS,
  job_lines_kind_check: MANUAL_LINE_KINDS,
  invoice_lines_kind_check: LINE_KINDS,
  invoice_lines_source_check: LINE_SOURCES,
  payments_method_check: PAYMENT_METHODS,
};

let database: TestDatabase;
let opened: OpenedDatabase;
let db: Db;
let root: string;

beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...database.env }), () => undefined);
  db = opened.db;
  await migrateToLatest(db);
  root = mkdtempSync(join(tmpdir(), 'carcare-checks-'));
});

afterAll(async () => {
  await opened?.close();
  await database?.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every CHECK of the schema that compares a column with a list, as constraint → its values in order. */
async function listConstraints(): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
     WHERE c.contype = 'c' AND t.relnamespace = current_schema()::regnamespace AND pg_get_constraintdef(c.oid) LIKE '%= ANY (ARRAY[%'`.execute(db);
  return Object.fromEntries(rows.map(({ name, definition }) => [name, [...definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1])]));
}

describe('the CHECK lists', () => {
  it("are the contract's lists, and no list lives anywhere else", async () => {
    expect(await listConstraints()).toEqual(Object.fromEntries(Object.entries(LISTS).map(([name, values]) => [name, [...values]])));
  });

  it('follow a changed list: the constraint is dropped and added again, and checked against every row', async () => {
    await sql`CREATE TABLE checks_test (state text)`.execute(db);
    const apply = (values: string[]) => {
      const dir = mkdtempSync(join(root, 'tree-'));
      mkdirSync(join(dir, 'shop', 'sql'), { recursive: true });
      writeFileSync(join(dir, 'shop', 'sql', '10_checks.sql'), `${listChecks([{ table: 'checks_test', constraint: 'checks_test_state_check', column: 'state', values }]).join(';\n')};\n`);
      return applySchemaObjects(db, discoverSchemaObjects(dir));
    };
    const insert = (state: string) => sql`INSERT INTO checks_test (state) VALUES (${state})`.execute(db);

    expect(await apply(['OPEN', 'SHUT'])).toEqual(['shop/10_checks.sql']);
    await insert('OPEN');
    await expect(insert('AJAR')).rejects.toMatchObject({ code: '23514', constraint: 'checks_test_state_check' });
    expect(await apply(['OPEN', 'SHUT', 'AJAR'])).toEqual(['shop/10_checks.sql']);
    await insert('AJAR');
    expect((await listConstraints()).checks_test_state_check).toEqual(['OPEN', 'SHUT', 'AJAR']);
    // A row the shorter list would refuse: the change fails, the constraint stays as it was.
    await expect(apply(['OPEN', 'SHUT'])).rejects.toThrow('Schema object shop/10_checks.sql failed');
    expect((await listConstraints()).checks_test_state_check).toEqual(['OPEN', 'SHUT', 'AJAR']);
    // The table goes with the test database: dropping it here, without the migration lock, could fail another
    // worker's migrator while it lists every schema's tables (helpers/testApp.ts).
  });

  it('are built only from plain names', () => {
    expect(() => listChecks([{ table: 'users', constraint: 'users_role_check', column: 'role', values: ["ADMIN') OR (true"] }])).toThrow('cannot be a value');
    expect(() => listChecks([{ table: 'Users; DROP', constraint: 'c', column: 'role', values: ['A'] }])).toThrow('not a plain lower-case SQL identifier');
    expect(() => listChecks([{ table: 'users', constraint: 'c', column: 'role', values: [] }])).toThrow('the list is empty');
  });
});
