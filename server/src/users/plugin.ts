import fp from 'fastify-plugin';
import { Users } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users table: sign-in, registration, Google linking, profiles. */
    users: Users;
  }
}

export default fp(
  async (app) => {
    app.decorate('users', new Users(app.db, app.now));
  },
  { name: 'users', dependencies: ['core', 'database'] },
);
