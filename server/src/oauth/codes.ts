import { type Clock, isoAt } from '../clock';
import { at, type Db } from '../db/schema';
import { newOpaqueToken, sha256Hex } from '../secrets';

/** How long the SPA has to exchange the code it was redirected with. */
export const CODE_TTL_SECONDS = 60;

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
    const code = newOpaqueToken();
    const binding = newOpaqueToken();
    const nowMs = this.now();
    await this.db
      .insertInto('oauth_codes')
      .values({
        code_hash: sha256Hex(code),
        binding_hash: sha256Hex(binding),
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
      .where('code_hash', '=', sha256Hex(code))
      .where('binding_hash', '=', sha256Hex(binding))
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
