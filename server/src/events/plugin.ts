import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { LiveEvents } from './hub';
import { eventRoutes } from './routes';
import { closeSseStreams } from './sse';
import type { LiveEventHub } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's fan-out of committed events. */
    liveEvents: LiveEventHub;
  }
}

/** The live hub (one LISTEN per instance), GET /api/events, and the end of every event stream on close. */
export default fp(
  async (app) => {
    const { live } = app.config;
    const hub = await LiveEvents.start({ db: app.db, listen: app.listenToDatabase, log: app.log, resumeWindowMs: live.resumeWindowMs });
    app.decorate('liveEvents', hub);
    // Event streams never end by themselves: end them before the server waits for its connections to close.
    app.addHook('preClose', async () => closeSseStreams(app.server));
    app.addHook('onClose', async () => hub.close());
    await app.register(eventRoutes, { prefix: API_PREFIX, live });
  },
  { name: 'events', dependencies: ['core', 'database', 'auth'] },
);
