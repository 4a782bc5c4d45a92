import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, type AppConfig, loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo/seed';

/** Entry point: configuration from the environment only (see server/README.md). */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env, { demoDataByDefault: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.message.split('\n')) console.error(`Configuration error: ${problem}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { logger: { level: config.logLevel } });
  installShutdown(app, config);
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.info(`CarCare API listening on http://${config.host}:${port} (${app.databaseDescription})`);
  if (config.staticDir) console.info(`Serving the SPA from ${config.staticDir} at http://${config.host}:${port}/`);
  if (!config.google) console.info('Google sign-in is off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable it.');
  if (!config.admin && !config.demoData) console.info('No admin configured: to create one, set ADMIN_EMAIL and ADMIN_PASSWORD and restart.');
  if (config.demoData) printDemoSignIns(config);
}

/** The demo workshop's sign-ins, so that a fresh `npm start` can be tried at once (README lists them too). */
function printDemoSignIns(config: AppConfig): void {
  const width = Math.max(...DEMO_SIGN_INS.map((account) => account.email.length));
  console.info(`Demo workshop (DEMO_DATA=1; set DEMO_DATA=0 to start empty). Sign in with password "${DEMO_PASSWORD}":`);
  for (const account of DEMO_SIGN_INS) {
    console.info(`  ${account.email.padEnd(width)}  ${account.role.padEnd(8)}  ${account.fullName}`);
  }
  if (config.production) console.warn('DEMO_DATA is on with NODE_ENV=production: these published passwords open real accounts. Turn it off.');
}

/** After the grace period and the forced close, the database gets this long to close before the process exits anyway. */
const CLOSE_DEADLINE_MS = 5_000;

/**
 * SIGINT/SIGTERM: stop accepting, let requests in flight finish for SHUTDOWN_GRACE, then cut what is left so a
 * stuck client cannot hold the shutdown up. Repeats are ignored (Ctrl+C under `tsx watch` arrives twice).
 */
function installShutdown(app: FastifyInstance, config: AppConfig): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const graceMs = config.http.shutdownGraceMs;
    console.info(`${signal} received: finishing the requests in flight (up to ${graceMs} ms), then shutting down`);
    setTimeout(() => {
      app.server.getConnections((error, count) => {
        if (!error && count > 0) console.warn(`Shutdown grace period over: closing ${count} open connection(s)`);
      });
      app.server.closeAllConnections();
    }, graceMs).unref();
    setTimeout(() => {
      console.warn('Shutdown is taking too long; exiting anyway');
      process.exit(1);
    }, graceMs + CLOSE_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while shutting down', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('CarCare API failed to start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error('Cause:', error.cause);
  process.exit(1);
});
