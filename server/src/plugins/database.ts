import fp from 'fastify-plugin';
import type { Catalog } from '../catalog/queries';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { type OpenedDatabase, openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (Kysely): PGlite or PostgreSQL, migrated to the latest version. */
    db: Db;
    /** How the database was opened, for the start-up log (never credentials). */
    databaseDescription: string;
    /** The time source every domain reads "now" from (tests inject one). */
    now: Clock;
    /** The catalogue (service types, slots, centres), read once at start. */
    catalog: Catalog;
    /** LISTEN on a channel scoped to this installation's schema (db/connect.ts); stopped when the app closes. */
    listenToDatabase: OpenedDatabase['listen'];
  }
}

export interface DatabaseOptions {
  config: AppConfig;
}

/** Opens the database, applies the migrations and the changed sql/ files, and closes it with the app. */
export const database = fp<DatabaseOptions>(
  async (app, { config }) => {
    const opened = await openDatabase(
      config,
      (error) => app.log.error({ err: error }, 'PostgreSQL pool error'),
      (message, error) => (error === undefined ? app.log.warn(message) : app.log.warn({ err: error }, message)),
    );
    try {
      const applied = await migrateToLatest(opened.db);
      if (applied.migrations.length > 0 || applied.objects.length > 0) app.log.info(applied, 'database schema updated');
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
    app.decorate('db', opened.db);
    app.decorate('databaseDescription', opened.description);
    app.decorate('listenToDatabase', opened.listen);
    app.addHook('onClose', async () => opened.close());
  },
  { name: 'database' },
);
