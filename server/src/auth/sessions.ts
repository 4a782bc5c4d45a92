import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Clock, isoAt } from '../clock';
import { at, type Database, type Db, type Role, type SessionRow, type UserRow } from '../db/schema';
import { newOpaqueToken, sha256Hex } from '../secrets';
import type { AccessTokens } from './accessTokens';
import { openPair, sealPair, type TokenPair } from './successorBox';
import { transact } from '../db/transaction';

export interface IssuedSession extends TokenPair {
  sessionId: string;
}

export interface SessionPolicy {
  refreshTokenTtlMs: number;
  refreshReuseLeewayMs: number;
  /** Active sessions per user; starting one more revokes the oldest (MAX_SESSIONS_PER_USER). */
  maxSessionsPerUser: number;
}

export interface SessionWithUser {
  user: UserRow;
  revokedAt: Date | null;
  expiresAt: Date;
}

/** Why a refresh failed; all of them answer 401 "Invalid or expired refresh token". */
export type RefreshFailure = 'unknown' | 'session-ended' | 'reuse';

export type RefreshOutcome = { ok: true; pair: TokenPair } | { ok: false; reason: RefreshFailure };

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * Sessions (rotation families) and their refresh tokens.
 * - A refresh spends the presented token and issues a successor (same session, same absolute expiry).
 * - Presenting a spent token again within the leeway returns the same successor pair (two tabs racing);
 *   later it is treated as theft: the whole session is revoked.
 * - Revoking a session also kills its access tokens, because every authenticated request checks the session.
 */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly policy: SessionPolicy,
    private readonly now: Clock,
  ) {}

  async start(user: UserRow, deviceInfo: string): Promise<IssuedSession> {
    const nowMs = this.now();
    const sessionId = randomUUID();
    return transact(this.db, async (trx) => {
      // One sign-in at a time per user: the cap below counts the user's sessions, so simultaneous sign-ins must
      // not each count before the others commit. FOR NO KEY UPDATE leaves foreign-key checks on the row free.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().execute();
      await trx
        .insertInto('sessions')
        .values({
          id: sessionId,
          user_id: user.id,
          device_info: deviceInfo,
          created_at: isoAt(nowMs),
          last_used_at: isoAt(nowMs),
          expires_at: isoAt(nowMs + this.policy.refreshTokenTtlMs),
        })
        .execute();
      await this.revokeBeyondCap(trx, user.id, sessionId, nowMs);
      const { pair } = await this.issuePair(trx, { sessionId, userId: user.id, email: user.email, role: user.role }, nowMs);
      return { ...pair, sessionId };
    });
  }

  async refresh(presented: string): Promise<RefreshOutcome> {
    const nowMs = this.now();
    return transact(this.db, async (trx): Promise<RefreshOutcome> => {
      const row = await trx
        .selectFrom('refresh_tokens as rt')
        .innerJoin('sessions as s', 's.id', 'rt.session_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['rt.id', 'rt.session_id', 'rt.used_at', 'rt.successor_pair', 's.expires_at', 's.revoked_at', 'u.id as user_id', 'u.email', 'u.role', 'u.is_active'])
        .where('rt.token_hash', '=', sha256Hex(presented))
        .forUpdate('rt')
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at !== null || ms(row.expires_at) <= nowMs || !row.is_active) return { ok: false, reason: 'session-ended' };

      if (row.used_at === null) {
        const subject = { sessionId: row.session_id, userId: row.user_id, email: row.email, role: row.role };
        const { pair, tokenId } = await this.issuePair(trx, subject, nowMs);
        await trx
          .updateTable('refresh_tokens')
          .set({ used_at: isoAt(nowMs), successor_id: tokenId, successor_pair: sealPair(presented, row.id, pair) })
          .where('id', '=', row.id)
          .execute();
        await trx.updateTable('sessions').set({ last_used_at: isoAt(nowMs) }).where('id', '=', row.session_id).execute();
        return { ok: true, pair };
      }

      if (nowMs - ms(row.used_at) <= this.policy.refreshReuseLeewayMs && row.successor_pair !== null) {
        const pair = openPair(presented, row.id, row.successor_pair);
        if (pair) return { ok: true, pair };
      }
      await trx.updateTable('sessions').set({ revoked_at: isoAt(nowMs) }).where('id', '=', row.session_id).where('revoked_at', 'is', null).execute();
      return { ok: false, reason: 'reuse' };
    });
  }

  /** Session plus its user, for authenticating an access token. */
  async lookup(sessionId: string): Promise<SessionWithUser | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select(['s.revoked_at as session_revoked_at', 's.expires_at as session_expires_at'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_revoked_at, session_expires_at, ...user } = row;
    return { user, revokedAt: session_revoked_at, expiresAt: session_expires_at };
  }

  isLive(session: SessionWithUser): boolean {
    return session.revokedAt === null && ms(session.expiresAt) > this.now();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: isoAt(this.now())}).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** Revokes the session a refresh token (spent or not) belongs to. Returns whether one was found. */
  async revokeByRefreshToken(presented: string): Promise<boolean> {
    const row = await this.db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', sha256Hex(presented)).executeTakeFirst();
    if (!row) return false;
    await this.revoke(row.session_id);
    return true;
  }

  /**
   * Revokes the session of an access token this server signed, even an expired one (a logout after the token ran
   * out still ends the session). A token whose signature does not verify revokes nothing. Returns whether one did.
   */
  async revokeByAccessToken(token: string): Promise<boolean> {
    const claims = await this.accessTokens.verifyIgnoringExpiry(token);
    if (!claims) return false;
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: isoAt(this.now()) })
      .where('id', '=', claims.sid)
      .where('user_id', '=', claims.sub)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends the user's sessions (their access tokens stop working at once): all of them, or all but `keep`. Within `trx`
   * when given, so the revocation commits or rolls back with the change that calls for it (a new password, a closed
   * account).
   */
  async revokeAllForUser(userId: string, { trx, keep }: { trx?: Transaction<Database>; keep?: string } = {}): Promise<void> {
    await (trx ?? this.db)
      .updateTable('sessions')
      .set({ revoked_at: isoAt(this.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(keep !== undefined, (qb) => qb.where('id', '<>', keep as string))
      .execute();
  }

  listActive(userId: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at(this.now()))
      .orderBy('last_used_at', 'desc')
      .execute();
  }

  /** Housekeeping: drop ended sessions (their tokens cascade) and successor boxes past the leeway. */
  async purge(): Promise<void> {
    const now = this.now();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', at(now)), eb('revoked_at', '<=', at(now - 86_400_000))]))
      .execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ successor_pair: null })
      .where('successor_pair', 'is not', null)
      .where('used_at', '<', at(now - this.policy.refreshReuseLeewayMs))
      .execute();
  }

  /** Keeps the new session and the user's newest other active ones up to the cap; the oldest are revoked. */
  private async revokeBeyondCap(trx: Transaction<Database>, userId: string, newSessionId: string, nowMs: number): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: isoAt(nowMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '<>', newSessionId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', at(nowMs))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(this.policy.maxSessionsPerUser - 1),
      )
      .execute();
  }

  private async issuePair(
    trx: Transaction<Database>,
    subject: { sessionId: string; userId: string; email: string; role: Role },
    nowMs: number,
  ): Promise<{ pair: TokenPair; tokenId: string }> {
    const refreshToken = newOpaqueToken();
    const tokenId = randomUUID();
    await trx
      .insertInto('refresh_tokens')
      .values({ id: tokenId, session_id: subject.sessionId, token_hash: sha256Hex(refreshToken), created_at: isoAt(nowMs) })
      .execute();
    const token = await this.accessTokens.sign({ sub: subject.userId, email: subject.email, roles: [subject.role], sid: subject.sessionId });
    return { pair: { token, refreshToken }, tokenId };
  }
}
