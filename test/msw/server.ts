import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { liveHandlers } from './liveDefaults';
import { shopHandlers } from './shop';

/** One MSW server for every web test; tests add per-case handlers with `server.use(...)`. */
export const server = setupServer(...handlers, ...shopHandlers, ...liveHandlers);
