import fp from 'fastify-plugin';
import { API_PREFIX } from '../plugins/api';
import { contactRoutes } from './routes';
import { ContactInbox } from './service';

/** The landing page's contact form and newsletter box, and the admin's Messages page. */
export default fp(
  async (app) => {
    await app.register(contactRoutes, { prefix: API_PREFIX, inbox: new ContactInbox(app.db, app.now) });
  },
  { name: 'contact', dependencies: ['core', 'database', 'rateLimit', 'auth'] },
);
