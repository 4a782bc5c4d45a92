import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { trustFunction } from '../config/trustProxy';
import { addressKey } from '../limits/addresses';
import { OpenCounts } from '../limits/openCounts';
import { clientErrorHandler } from './errorHandler';

/** What Node reports for its own headers time-out, so the client gets the same 408. */
const headersTimeout = () => Object.assign(new Error('Headers not received in time'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/**
 * Two limits on connections that Node's HTTP server has no setting for, applied as each one is accepted:
 * - MAX_CONNECTIONS_PER_IP: one client address (an IPv6 client by its network, see limits/addresses.ts) holds at
 *   most that many open connections; one more is dropped at once. It is the socket's own address — what
 *   X-Forwarded-For says cannot be checked before a request arrives — so peers TRUST_PROXY trusts are not counted:
 *   every client of a proxy shares its address.
 * - HEADERS_TIMEOUT from the moment a connection opens: its first request's headers must all have arrived by then,
 *   else 408 and it is closed. Node checks its own headers time-out only every `connectionsCheckingInterval` and
 *   counts it from the first byte, so a client sending nothing, or a byte now and then, would hold a connection
 *   longer. Later requests on a kept-alive connection are Node's (KEEP_ALIVE_TIMEOUT, then HEADERS_TIMEOUT), and an
 *   event stream is a request whose headers arrived, so it is not affected.
 */
export const connectionLimits = fp(
  async (app) => {
    const { headersTimeoutMs, maxConnectionsPerIp } = app.config.http;
    const { ipv6SubnetPrefix } = app.config;
    const trusted = trustFunction(app.config.trustProxy);
    const open = new OpenCounts();
    const firstRequestDue = new WeakMap<Socket, NodeJS.Timeout>();

    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined || socket.destroyed) return; // gone already
      if (!trusted || !trusted(address, 0)) {
        const key = addressKey(address, ipv6SubnetPrefix);
        if (!open.take(key, maxConnectionsPerIp)) {
          socket.destroy();
          return;
        }
        socket.once('close', () => open.release(key));
      }
      const timer = setTimeout(() => clientErrorHandler(headersTimeout(), socket), headersTimeoutMs);
      timer.unref();
      firstRequestDue.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
    });

    app.server.on('request', (request: IncomingMessage) => {
      const timer = firstRequestDue.get(request.socket);
      if (timer === undefined) return;
      clearTimeout(timer);
      firstRequestDue.delete(request.socket);
    });
  },
  { name: 'connectionLimits', dependencies: ['core'] },
);
