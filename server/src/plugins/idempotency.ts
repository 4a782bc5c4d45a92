import type { FastifyInstance, FastifyRequest, onResponseHookHandler, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type ControlledTransaction, sql } from 'kysely';
import { IDEMPOTENCY_KEY_REGEX, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '../contract/idempotency';
import { type AmbientScope, runIn } from '../db/ambient';
import type { Database } from '../db/schema';
import { fingerprintOf, IdempotencyKeys, type KeptAnswer } from '../idempotency/store';
import '../idempotency/tables';
import { viewerOf } from './authenticate';
import { HttpError } from './errors';
import { HOURLY, repeatWhileOpen } from './housekeeping';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header (plugins/idempotency.ts): a retried change is the same change. */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    idempotencyKeys: IdempotencyKeys;
  }
}

/** The transaction of a request that claimed its key: the change runs in it, its answer is kept in it. */
interface Claimed {
  userId: string;
  key: string;
  trx: ControlledTransaction<Database>;
  scope: AmbientScope;
  /** The handler is running: the transaction is its until the answer is sent. */
  running: boolean;
  settled: boolean;
}

/** The savepoint after the claim: a refusal rolls back to it (whatever the change began is undone, the claim stays). */
const EFFECT = sql.id('idempotent_change');

function withHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/** The answer as sent (onSend's payload: the serialised JSON, or nothing for a 204). */
function payloadText(payload: unknown): string {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  throw new Error('an idempotent route must answer with text');
}

/**
 * Idempotency-Key on the routes that opt in with `config: { idempotent: true }` (contract/idempotency.ts for the
 * rules; server/README.md § "Retried changes"). For a request with a key:
 * - preHandler: opens a transaction and claims (user, key) in it (idempotency/store.ts): a kept answer of the same
 *   request is sent again (`Idempotent-Replayed: true`) and the handler does not run; one of a different request is
 *   422; otherwise a savepoint is set and the handler runs with the transaction as its ambient one (db/ambient.ts):
 *   every query of the change, its job history, notifications and live events are in it.
 * - onSend: a 5xx rolls the transaction back (the change and the claim: a retry runs again); a refusal (4xx) rolls
 *   back to the savepoint; then the answer is kept and the transaction commits, before the answer leaves.
 * Without the header the route runs as it always did. Expired keys are purged at start and every hour.
 */
export const idempotency = fp(
  async (app) => {
    const keys = new IdempotencyKeys(app.db, app.now, app.config.idempotencyKeyTtlMs);
    app.decorate('idempotencyKeys', keys);
    const claims = new WeakMap<FastifyRequest, Claimed>();

    const finish = async (claim: Claimed, end: 'commit' | 'rollback'): Promise<void> => {
      claim.settled = true;
      claim.scope.open = false;
      await claim.trx[end]().execute();
    };

    const claimKey: preHandlerHookHandler = async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_REGEX.test(header)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalid);
      const { id: userId } = viewerOf(request);
      const fingerprint = fingerprintOf({ method: request.method, route: request.routeOptions.url ?? request.url, params: request.params, body: request.body });
      const trx = await keys.db.startTransaction().execute();
      const claim: Claimed = { userId, key: header, trx, scope: { trx, open: true }, running: false, settled: false };
      try {
        const found = await keys.claim(trx, userId, header, fingerprint);
        if (found.claimed) {
          await sql`SAVEPOINT ${EFFECT}`.execute(trx);
          claims.set(request, claim);
          return;
        }
        await finish(claim, 'rollback');
        if (found.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
        const { statusCode, contentType, body } = found.answer;
        reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (contentType !== null) reply.header('content-type', contentType);
        return reply.send(body === '' ? undefined : body);
      } catch (error) {
        if (!claim.settled) await finish(claim, 'rollback').catch(() => undefined);
        throw error;
      }
    };

    const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
      const claim = claims.get(request);
      if (!claim || claim.settled) return payload;
      const { trx } = claim;
      try {
        if (reply.statusCode >= 500) {
          await finish(claim, 'rollback');
          return payload;
        }
        claim.scope.open = false;
        if (reply.statusCode >= 400) await sql`ROLLBACK TO SAVEPOINT ${EFFECT}`.execute(trx);
        const contentType = reply.getHeader('content-type');
        const answer: KeptAnswer = { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payloadText(payload) };
        await keys.keep(trx, claim.userId, claim.key, answer);
        await finish(claim, 'commit');
      } catch (error) {
        if (!claim.settled) await finish(claim, 'rollback').catch(() => undefined);
        throw error;
      }
      return payload;
    };

    /**
     * Never leaves a transaction open: a request that ended without its onSend (it should not happen) rolls back. Not
     * while the handler runs (a response error event): its answer, sent when it ends, settles the transaction.
     */
    const release: onResponseHookHandler = async (request) => {
      const claim = claims.get(request);
      if (claim && !claim.settled && !claim.running) await finish(claim, 'rollback');
    };

    app.addHook('onRoute', (route) => {
      if (route.config?.idempotent !== true) return;
      const handler = route.handler;
      route.preHandler = withHook(route.preHandler, claimKey);
      route.onSend = withHook(route.onSend, keepAnswer);
      route.onResponse = withHook(route.onResponse, release);
      route.handler = async function idempotentHandler(this: FastifyInstance, request, reply) {
        const claim = claims.get(request);
        if (!claim) return handler.call(this, request, reply);
        claim.running = true;
        try {
          return await runIn(claim.scope, () => handler.call(this, request, reply));
        } finally {
          claim.running = false;
        }
      };
    });

    await keys.purge();
    repeatWhileOpen(app, HOURLY, () => keys.purge(), 'idempotency key purge failed');
  },
  { name: 'idempotency', dependencies: ['core', 'database', 'auth'] },
);
