import { type SignedIn, signedIn } from '../auth/service';
import { ACCOUNT_MESSAGES } from '../contract/account';
import type { Sessions } from '../auth/sessions';
import type { UserRow } from '../db/schema';
import type { Users } from '../users/queries';
import type { IssuedCode, OAuthCodes } from './codes';
import { type GoogleIdentity, OAuthFlowError } from './google';

/** Google sign-in's accounts: the user a verified Google identity is, and the one-time codes that start a session. */
export class GoogleAccounts {
  constructor(
    private readonly users: Users,
    private readonly sessions: Sessions,
    private readonly codes: OAuthCodes,
  ) {}

  /**
   * The linked account, else the account with the same e-mail — linked now only when that account's address is
   * verified — else a new CUSTOMER, verified (Google vouched for the address).
   *
   * Pre-account takeover: anyone can register a password account with someone else's address. Were it linked when
   * the address's owner later signs in with Google, the owner would be signed in to an account whose password the
   * registrant still knows. Google's word proves the person owns the address; it proves nothing about who made the
   * account. So an unverified account is refused (its owner verifies it, or takes it over with a password reset,
   * which also verifies it and ends every session), and is left unlinked.
   */
  async userFor(identity: GoogleIdentity): Promise<UserRow> {
    const linked = await this.users.findByGoogleSub(identity.sub);
    if (linked) return linked;
    const existing = await this.users.findByEmail(identity.email);
    if (existing) {
      if (existing.google_sub !== null) throw new OAuthFlowError('This email is linked to a different Google account.');
      if (existing.email_verified_at === null) throw new OAuthFlowError(ACCOUNT_MESSAGES.googleUnverified);
      // Both the account and the provider (checked in GoogleSignIn) verified the address: the same person.
      return this.users.linkGoogleAccount(existing.id, identity.sub);
    }
    return this.users.create({
      email: identity.email,
      passwordHash: null,
      fullName: identity.name ?? identity.email.split('@')[0],
      phoneNumber: '',
      address: '',
      role: 'CUSTOMER',
      googleSub: identity.sub,
      emailVerified: true,
    });
  }

  /** The signed-in Google user's account and a one-time code for this browser; a disabled account gets none. */
  async signIn(identity: GoogleIdentity, deviceInfo: string): Promise<IssuedCode> {
    const user = await this.userFor(identity);
    if (!user.is_active) throw new OAuthFlowError('Account is disabled');
    return this.codes.issue(user.id, deviceInfo);
  }

  /** Spends a code for the same answer as a password sign-in; null for every refusal alike. */
  async exchange(code: string, binding: string | undefined): Promise<SignedIn | null> {
    const redeemed = await this.codes.redeem(code, binding);
    const user = redeemed ? await this.users.findById(redeemed.userId) : undefined;
    if (!redeemed || !user || !user.is_active) return null;
    return signedIn(user, await this.sessions.start(user, redeemed.deviceInfo));
  }
}
