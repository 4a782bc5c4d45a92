import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration the app was built with (server/src/config). */
    config: AppConfig;
    /** The time source every domain reads "now" from (tests inject one). */
    now: Clock;
  }
}

export interface CoreOptions {
  config: AppConfig;
  now: Clock;
}

/** What every other plugin reads: the configuration and the clock. */
export const core = fp<CoreOptions>(
  async (app, { config, now }) => {
    app.decorate('config', config);
    app.decorate('now', now);
  },
  { name: 'core' },
);
