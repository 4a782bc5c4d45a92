import fp from 'fastify-plugin';
import { ambientDb } from '../db/ambient';
import { type OpenedDatabase, openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The database (Kysely): PGlite or PostgreSQL, migrated to the latest version. Inside an idempotent request's
     * handler it is that request's transaction (db/ambient.ts).
     */
    db: Db;
    /** How the database was opened, for the start-up log (never credentials). */
    databaseDescription: string;
    /** LISTEN on a channel scoped to this installation's schema (db/connect.ts); stopped when the app closes. */
    listenToDatabase: OpenedDatabase['listen'];
  }
}

/** Opens the database, applies the migrations and the changed sql/ files, and closes it with the app. */
export const database = fp(
  async (app) => {
    const opened = await openDatabase(
      app.config,
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
    app.decorate('db', ambientDb(opened.db));
    app.decorate('databaseDescription', opened.description);
    app.decorate('listenToDatabase', opened.listen);
    app.addHook('onClose', async () => opened.close());
  },
  { name: 'database', dependencies: ['core'] },
);
