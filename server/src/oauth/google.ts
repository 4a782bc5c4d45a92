import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import type { Clock } from '../clock';
import type { GoogleConfig } from '../config';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

/** A sign-in failure whose message is shown to the user by the SPA's /oauth/callback page. */
export class OAuthFlowError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

/** What the browser carries between the two legs, sealed (A256GCM) in a short-lived HttpOnly cookie. */
interface FlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export const FLOW_TTL_SECONDS = 600;
const SCOPE = 'openid email profile';

function providerErrorMessage(code: string): string {
  if (code === 'access_denied') return 'Google sign-in was cancelled.';
  // Only the error code is echoed (validated), never the provider's free-text description.
  return /^[a-z_]{1,64}$/.test(code) ? `Google sign-in failed (${code}). Please try again.` : 'Google sign-in failed. Please try again.';
}

/**
 * OpenID Connect authorization-code flow with PKCE (S256), state and nonce (openid-client v6).
 * The provider is discovered from GOOGLE_ISSUER on first use and cached; a failed discovery is retried next time.
 * The per-attempt secrets live in the sealed cookie, not in server memory, so any instance can finish the flow.
 */
export class GoogleSignIn {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(
    private readonly google: GoogleConfig,
    private readonly stateKey: Uint8Array,
    private readonly now: Clock,
  ) {}

  async begin(redirectUri: string): Promise<{ authorizationUrl: string; sealedState: string }> {
    const config = await this.configuration();
    const flow: FlowState = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri,
    };
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    const issuedAt = Math.floor(this.now() / 1000);
    const sealedState = await new EncryptJWT({ ...flow })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + FLOW_TTL_SECONDS)
      .encrypt(this.stateKey);
    return { authorizationUrl: authorizationUrl.href, sealedState };
  }

  /** Validates the provider's redirect against the sealed state, exchanges the code and reads the ID token. */
  async complete(query: URLSearchParams, sealedState: string | undefined): Promise<GoogleIdentity> {
    const providerError = query.get('error');
    if (providerError !== null) throw new OAuthFlowError(providerErrorMessage(providerError));

    const flow = sealedState ? await this.openState(sealedState) : null;
    if (!flow) throw new OAuthFlowError('Your sign-in attempt expired or was started in another browser. Please try again.');
    if (query.get('state') !== flow.state) throw new OAuthFlowError('Sign-in could not be verified (state mismatch). Please try again.');

    let claims: client.IDToken | undefined;
    try {
      const config = await this.configuration();
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = query.toString();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new OAuthFlowError('Google sign-in failed. Please try again.', error);
    }
    if (!claims) throw new OAuthFlowError('Google sign-in failed. Please try again.');
    const { sub, email, email_verified: emailVerified, name } = claims;
    if (typeof email !== 'string' || email === '') throw new OAuthFlowError('Your Google account did not share an email address.');
    if (emailVerified !== true) throw new OAuthFlowError('Your Google account email address is not verified.');
    return { sub, email: email.toLowerCase(), name: typeof name === 'string' && name.trim() ? name.trim() : undefined };
  }

  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.google.issuer);
      // The configuration lets an http issuer through only for localhost (a local test provider).
      const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
      this.discovered = client.discovery(issuer, this.google.clientId, this.google.clientSecret, undefined, options);
      this.discovered.catch(() => {
        this.discovered = undefined;
      });
    }
    return this.discovered;
  }

  private async openState(sealed: string): Promise<FlowState | null> {
    try {
      const { payload } = await jwtDecrypt(sealed, this.stateKey, { currentDate: new Date(this.now()) });
      const { state, nonce, codeVerifier, redirectUri } = payload;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string' || typeof redirectUri !== 'string') {
        return null;
      }
      return { state, nonce, codeVerifier, redirectUri };
    } catch {
      return null;
    }
  }
}
