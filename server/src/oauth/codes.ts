import { createHash, randomBytes } from 'node:crypto';
import { type Clock, isoAt } from '../clock';
import { at, type Db } from '../db/schema';

/** How long the SPA has to exchange the code it was redirected with. */
export const CODE_TTL_SECONDS = 60;

/** 256 random bits, base64url (43 characters). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a code or a binding value. */
function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface IssuedCode {
  /** Goes into the redirect to the SPA (`?code=`). */
  code: string;
  /** Goes into the browser's HttpOnly binding cookie; the exchange must present it with the code. */
  binding: string;
}

export interface RedeemedCode {
  userId: string;
  deviceInfo: string;
}

/**
 * One-time sign-in codes (table oauth_codes): the provider's return creates one for the signed-in user, bound
 * to the browser that ran the flow; POST /api/auth/oauth/exchange spends it once for a session.
 */
export class OAuthCodes {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async issue(userId: string, deviceInfo: string): Promise<IssuedCode> {
    const code = newSecret();
    const binding = newSecret();
    const nowMs = this.now();
    await this.db
      .insertInto('oauth_codes')
      .values({
        code_hash: sha256(code),
        binding_hash: sha256(binding),
        user_id: userId,
        device_info: deviceInfo,
        created_at: isoAt(nowMs),
        expires_at: isoAt(nowMs + CODE_TTL_SECONDS * 1000),
      })
      .execute();
    return { code, binding };
  }

  /**
   * Spends the code in one statement: of any number of simultaneous exchanges exactly one row update wins
   * (PostgreSQL re-checks `used_at IS NULL` on the row a concurrent update just committed). A wrong or missing
   * binding does not spend it. Unknown, expired, spent or not this browser's → null, alike.
   */
  async redeem(code: string, binding: string | undefined): Promise<RedeemedCode | null> {
    if (!binding) return null;
    const nowMs = this.now();
    const row = await this.db
      .updateTable('oauth_codes')
      .set({ used_at: isoAt(nowMs) })
      .where('code_hash', '=', sha256(code))
      .where('binding_hash', '=', sha256(binding))
      .where('used_at', 'is', null)
      .where('expires_at', '>', at(nowMs))
      .returning(['user_id', 'device_info'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, deviceInfo: row.device_info } : null;
  }

  /** Expired codes (spent or not) are of no further use. */
  async purge(): Promise<void> {
    await this.db.deleteFrom('oauth_codes').where('expires_at', '<=', at(this.now())).execute();
  }
}
