import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type AppConfig, isMemoryDataDir } from '../config';
import { lockDataDir } from './dataDirLock';
import type { Database, Db } from './schema';

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

export interface OpenedDatabase {
  db: Db;
  /** Human-readable description for the start-up log (never contains credentials). */
  description: string;
  /**
   * LISTEN for notifications on `channel`, scoped to this installation's schema: the channel actually listened to
   * is `<channel>_<current_schema()>`, so the sender must use `pg_notify('<channel>_' || current_schema(), …)`
   * (NOTIFY channels are database-wide; several installations may share one database, each in its own
   * schema). PostgreSQL: one dedicated connection per call (not from the pool) that reconnects with backoff when
   * lost and then calls `onReconnect` (notifications sent meanwhile are lost: the caller resynchronises). PGlite:
   * the same instance the queries use (never reconnects). Resolves once listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<Unlisten>;
  /** Stops every listener, then closes the database. */
  close(): Promise<void>;
}

/** Notices from a listener (lost connection, failed reconnect) for the log. */
export type ListenerLog = (message: string, error?: unknown) => void;

/**
 * Calendar dates and shop wall-clock times are kept as the text PostgreSQL prints ('2026-11-23',
 * '2026-11-23 09:30:00'): turned into a JS Date they would be shifted into the server's own time zone.
 */
const OID = { date: 1082, timestamp: 1114 } as const;
const asText = (value: string) => value;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.date || oid === OID.timestamp) return asText;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** PGlite with the extensions the migrations use, and the same text parsing as `pg`. */
const pgliteOptions: PGliteOptions = {
  extensions: { btree_gist },
  parsers: { [OID.date]: asText, [OID.timestamp]: asText },
};

const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

/** The listeners of one opened database, stopped together when it closes. */
class Listeners {
  private readonly stops = new Set<Unlisten>();

  add(stop: Unlisten): Unlisten {
    const once: Unlisten = async () => {
      if (!this.stops.delete(once)) return;
      await stop();
    };
    this.stops.add(once);
    return once;
  }

  async stopAll(): Promise<void> {
    await Promise.allSettled([...this.stops].map((stop) => stop()));
  }
}

/**
 * PostgreSQL LISTEN on a connection of its own: a pooled one would be handed to other queries. When the
 * connection is lost (server restart, failover, idle kill) it reconnects with exponential backoff and full jitter,
 * listens again and calls `onReconnect`.
 */
async function listenPostgres(databaseUrl: string, channel: string, onPayload: (payload: string) => void, onReconnect: () => void, log: ListenerLog): Promise<Unlisten> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: 'carcare-listen' });
    // A lost connection emits 'error' and then 'end'; the reconnect is scheduled on 'end' only.
    client.on('error', (error) => log('database listener connection error', error));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      const scoped = `${channel}_${rows[0].schema}`;
      client.on('notification', (message) => {
        if (message.channel === scoped && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`LISTEN ${client.escapeIdentifier(scoped)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      if (!stopped) {
        log('database listener connection lost; reconnecting');
        scheduleReconnect();
      }
    });
  };

  function scheduleReconnect(): void {
    const ceiling = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          if (!stopped) onReconnect();
        },
        (error: unknown) => {
          failures += 1;
          log('database listener reconnect failed', error);
          if (!stopped) scheduleReconnect();
        },
      );
    }, Math.floor(Math.random() * ceiling));
    retryTimer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/**
 * PGlite LISTEN on the instance the queries use. `pglite.listen` and its unlisten put the channel into SQL as it
 * is, so it must be a plain lower-case identifier (PGlite's schema is `public`).
 */
async function listenPglite(pglite: PGlite, channel: string, onPayload: (payload: string) => void): Promise<Unlisten> {
  const { rows } = await pglite.query<{ schema: string }>('SELECT current_schema() AS schema');
  const scoped = `${channel}_${rows[0].schema}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(scoped)) throw new Error(`cannot LISTEN on "${scoped}" with PGlite: not a plain identifier`);
  const unlisten = await pglite.listen(scoped, onPayload);
  return async () => {
    if (!pglite.closed) await unlisten();
  };
}

async function openPostgres(databaseUrl: string, onPoolError: (error: Error) => void, log: ListenerLog): Promise<OpenedDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types: pgTypes });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onPoolError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { host, pathname } = new URL(databaseUrl);
  const listeners = new Listeners();
  return {
    db,
    description: `PostgreSQL at ${host}${pathname}`,
    listen: async (channel, onPayload, onReconnect) => listeners.add(await listenPostgres(databaseUrl, channel, onPayload, onReconnect, log)),
    close: async () => {
      await listeners.stopAll();
      await db.destroy();
    },
  };
}

async function openEmbedded(dataDir: string): Promise<OpenedDatabase> {
  if (isMemoryDataDir(dataDir)) {
    const pglite = new PGlite('memory://', pgliteOptions);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const listeners = new Listeners();
    return {
      db,
      description: 'embedded PostgreSQL in memory (nothing is kept)',
      listen: async (channel, onPayload) => listeners.add(await listenPglite(pglite, channel, onPayload)),
      close: async () => {
        await listeners.stopAll();
        await db.destroy();
      },
    };
  }
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    const pglite = new PGlite(resolve(dir, 'pgdata'), pgliteOptions);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const listeners = new Listeners();
    return {
      db,
      description: `embedded PostgreSQL in ${dir}`,
      listen: async (channel, onPayload) => listeners.add(await listenPglite(pglite, channel, onPayload)),
      close: async () => {
        try {
          await listeners.stopAll();
          await db.destroy();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** PostgreSQL via `pg` when DATABASE_URL is set, otherwise embedded PostgreSQL (PGlite) in DATA_DIR. */
export function openDatabase(config: AppConfig, onPoolError: (error: Error) => void, log: ListenerLog = () => undefined): Promise<OpenedDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, onPoolError, log) : openEmbedded(config.dataDir);
}
