import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deviceInfo } from '../auth/routes';
import type { AppConfig } from '../config';
import { OAUTH_LINK_INVALID, OAuthExchangeBody } from '../contract/auth';
import type { ErrorBody } from '../contract/common';
import { typed } from '../plugins/typeProvider';
import { CODE_TTL_SECONDS } from './codes';
import { readCookie, serializeCookie } from './cookies';
import { FLOW_TTL_SECONDS, OAuthFlowError, type GoogleSignIn } from './google';
import type { GoogleAccounts } from './service';

export const GOOGLE_CALLBACK_PATH = '/api/login/oauth2/code/google';
export const EXCHANGE_PATH = '/api/auth/oauth/exchange';
const STATE_COOKIE = 'carcare_oauth_state';
/**
 * Binds a one-time code to the browser that ran the flow (login CSRF: a crafted callback link carrying someone
 * else's code finds no matching cookie here). Sent only to the exchange, only by same-site requests.
 */
export const BINDING_COOKIE = 'carcare_oauth_binding';
export const NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const UNAVAILABLE = 'Google sign-in is unavailable right now. Please try again later.';

export interface OAuthRouteDeps {
  config: AppConfig;
  google: GoogleSignIn | null;
  accounts: GoogleAccounts;
}

/**
 * The redirect URI registered with Google: PUBLIC_URL when set, else this request's own origin (behind the
 * webpack dev proxy that is http://localhost:3000, whose Host header the proxy keeps).
 */
function redirectUri(config: AppConfig, request: FastifyRequest): string {
  return `${config.publicUrl ?? `${request.protocol}://${request.host}`}${GOOGLE_CALLBACK_PATH}`;
}

/**
 * Google sign-in: GET /api/oauth2/authorization/google → provider → GET /api/login/oauth2/code/google → SPA
 * `/oauth/callback?code=…` → POST /api/auth/oauth/exchange (code + binding cookie) → tokens.
 */
export async function oauthRoutes(app: FastifyInstance, { config, google, accounts }: OAuthRouteDeps): Promise<void> {
  const callbackUrl = (params: string) => `${config.appUrl}/oauth/callback?${params}`;
  const fail = (reply: FastifyReply, message: string) => reply.redirect(callbackUrl(`error=${encodeURIComponent(message)}`), 302);

  app.get('/oauth2/authorization/google', async (request, reply) => {
    if (!google) return fail(reply, NOT_CONFIGURED);
    const uri = redirectUri(config, request);
    try {
      const { authorizationUrl, sealedState } = await google.begin(uri);
      const cookie = serializeCookie(STATE_COOKIE, sealedState, { path: GOOGLE_CALLBACK_PATH, maxAgeSeconds: FLOW_TTL_SECONDS, secure: uri.startsWith('https:') });
      reply.header('set-cookie', cookie).header('cache-control', 'no-store');
      return reply.redirect(authorizationUrl, 302);
    } catch (error) {
      request.log.error({ err: error }, 'Google sign-in could not start (provider discovery failed?)');
      return fail(reply, UNAVAILABLE);
    }
  });

  app.get('/login/oauth2/code/google', async (request, reply) => {
    const secure = redirectUri(config, request).startsWith('https:');
    reply
      .header('set-cookie', serializeCookie(STATE_COOKIE, '', { path: GOOGLE_CALLBACK_PATH, maxAgeSeconds: 0, secure }))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    if (!google) return fail(reply, NOT_CONFIGURED);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    try {
      const identity = await google.complete(query, readCookie(request.headers.cookie, STATE_COOKIE));
      // No tokens in the URL: a one-time code, spendable only with this browser's binding cookie.
      const { code, binding } = await accounts.signIn(identity, deviceInfo(request));
      reply.header('set-cookie', serializeCookie(BINDING_COOKIE, binding, { path: EXCHANGE_PATH, maxAgeSeconds: CODE_TTL_SECONDS, secure, sameSite: 'Strict' }));
      return reply.redirect(callbackUrl(`code=${encodeURIComponent(code)}`), 302);
    } catch (error) {
      if (error instanceof OAuthFlowError) {
        request.log.warn({ err: error.detail ?? error }, `Google sign-in failed: ${error.message}`);
        return fail(reply, error.message);
      }
      request.log.error({ err: error }, 'Google sign-in failed');
      return fail(reply, 'Google sign-in failed. Please try again.');
    }
  });

  /**
   * The SPA's callback page spends the code for the same answer as a password sign-in. One message for every
   * refusal (unknown, expired, spent, other browser, no cookie), so nothing about the code leaks.
   */
  typed(app).post('/auth/oauth/exchange', { schema: { body: OAuthExchangeBody } }, async (request, reply) => {
    const secure = redirectUri(config, request).startsWith('https:');
    reply
      .header('set-cookie', serializeCookie(BINDING_COOKIE, '', { path: EXCHANGE_PATH, maxAgeSeconds: 0, secure, sameSite: 'Strict' }))
      .header('cache-control', 'no-store');
    const answer = await accounts.exchange(request.body.code, readCookie(request.headers.cookie, BINDING_COOKIE));
    if (!answer) return reply.code(400).send({ message: OAUTH_LINK_INVALID, success: false } satisfies ErrorBody);
    return answer;
  });
}
