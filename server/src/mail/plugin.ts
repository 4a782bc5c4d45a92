import fp from 'fastify-plugin';
import { createMailWorker } from './worker';

/** The outbox's sender when SMTP_URL is set (otherwise mails wait in the outbox): started when ready, stopped on close. */
export default fp(
  async (app) => {
    const settings = app.config.mail;
    const worker = settings ? createMailWorker({ db: app.db, linkKey: app.keys.mailLinks, now: app.now, log: app.log, settings }) : null;
    app.decorate('mailWorker', worker);
    if (worker) {
      app.addHook('onReady', async () => worker.start());
      app.addHook('preClose', async () => worker.stop());
    }
  },
  { name: 'mail', dependencies: ['core', 'database', 'auth'] },
);
