import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { addressKey } from '../limits/addresses';
import { type LimitRule, RateCounters } from '../limits/counters';
import { isApiPath } from './api';
import { HttpError, MESSAGES } from './errors';
import { HOURLY, repeatWhileOpen } from './housekeeping';

export const LIMIT_MESSAGES = {
  tooManyLogins: MESSAGES.tooManyLogins,
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyRegistrations: 'Too many registrations from this address. Please try again later.',
  tooManyContactMessages: 'Too many messages from this address. Please try again later.',
  tooManySubscriptions: 'Too many subscription requests from this address. Please try again later.',
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** check-email answers "is this address registered?": it gets a tenth of the general per-IP budget. */
const CHECK_EMAIL_SHARE = 10;

/** The server's limits, all from the environment (server/README.md § Environment). */
export interface LimitRules {
  /** Every /api request per client IP (REQUESTS_PER_IP_PER_MINUTE); GET /api/health is exempt. */
  requests: LimitRule;
  /** Login attempts per client IP, whatever the account (LOGIN_MAX_ATTEMPTS_PER_IP per 15 min). */
  loginPerIp: LimitRule;
  /** Login attempts per e-mail + client IP (LOGIN_MAX_ATTEMPTS per 15 min); a successful login clears it. */
  loginPerAccount: LimitRule;
  /** Customer and employee registrations per client IP, together (REGISTRATIONS_PER_IP_PER_HOUR). */
  registrations: LimitRule;
  /** GET /api/auth/check-email per client IP: REQUESTS_PER_IP_PER_MINUTE / 10 per minute (at least 1). */
  checkEmail: LimitRule;
  /** POST /api/contact per client IP (CONTACT_MESSAGES_PER_IP_PER_HOUR). */
  contactMessages: LimitRule;
  /** POST /api/newsletter per client IP: as many per hour as contact messages, counted apart. */
  newsletter: LimitRule;
  /** GET /api/track/:token and its stream per client IP (TRACKING_REQUESTS_PER_IP_PER_MINUTE): a wrong token costs a guesser as much as a right one. */
  tracking: LimitRule;
}

export function limitRules(config: AppConfig): LimitRules {
  return {
    requests: { name: 'requests', max: config.requestsPerIpPerMinute, windowMs: MINUTE_MS, message: LIMIT_MESSAGES.tooManyRequests },
    loginPerIp: { name: 'login-ip', max: config.loginMaxAttemptsPerIp, windowMs: config.loginWindowMs, message: LIMIT_MESSAGES.tooManyLogins },
    loginPerAccount: { name: 'login-account', max: config.loginMaxAttempts, windowMs: config.loginWindowMs, message: LIMIT_MESSAGES.tooManyLogins },
    registrations: { name: 'registrations', max: config.registrationsPerIpPerHour, windowMs: HOUR_MS, message: LIMIT_MESSAGES.tooManyRegistrations },
    checkEmail: {
      name: 'check-email',
      max: Math.max(1, Math.floor(config.requestsPerIpPerMinute / CHECK_EMAIL_SHARE)),
      windowMs: MINUTE_MS,
      message: LIMIT_MESSAGES.tooManyRequests,
    },
    contactMessages: { name: 'contact', max: config.contactMessagesPerIpPerHour, windowMs: HOUR_MS, message: LIMIT_MESSAGES.tooManyContactMessages },
    newsletter: { name: 'newsletter', max: config.contactMessagesPerIpPerHour, windowMs: HOUR_MS, message: LIMIT_MESSAGES.tooManySubscriptions },
    tracking: { name: 'tracking', max: config.trackingRequestsPerIpPerMinute, windowMs: MINUTE_MS, message: LIMIT_MESSAGES.tooManyRequests },
  };
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Rate limits for routes. `enforce` counts one hit and, over the limit, answers 429 `{ message, success: false }`
 * with `Retry-After` (seconds until the window ends). `perIp(rule)` is an onRequest hook counting per client IP
 * before the body is even parsed — the piece any route (e.g. a contact form) adds to be limited.
 */
export class RateLimits {
  constructor(
    private readonly counters: RateCounters,
    readonly rules: LimitRules,
    /** IPV6_SUBNET_PREFIX */
    private readonly ipv6Prefix: number,
  ) {}

  /**
   * The client address a request is counted under: `request.ip` (X-Forwarded-For only from the proxies TRUST_PROXY
   * trusts), an IPv6 client by its network (limits/addresses.ts).
   */
  clientKey(request: FastifyRequest): string {
    return addressKey(request.ip, this.ipv6Prefix);
  }

  async enforce(reply: FastifyReply, rule: LimitRule, key: string): Promise<void> {
    const result = await this.counters.hit(rule, key);
    if (result.allowed) return;
    reply.header('retry-after', String(result.retryAfterSeconds));
    throw new HttpError(429, rule.message);
  }

  perIp(rule: LimitRule): Hook {
    return async (request, reply) => this.enforce(reply, rule, this.clientKey(request));
  }

  clear(rule: LimitRule, key: string): Promise<void> {
    return this.counters.clear(rule, key);
  }

  /** Deletes ended windows. */
  purge(): Promise<number> {
    return this.counters.purge();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits kept in the database (see plugins/rateLimit.ts). */
    rateLimits: RateLimits;
  }
}

function isHealthCheck(url: string): boolean {
  return url.split('?')[0] === '/api/health';
}

/**
 * `app.rateLimits`, and every /api request limited per client IP. The health check is exempt: a load balancer
 * behind one address must never see 429. Ended windows are deleted at start and every hour.
 */
export const rateLimit = fp(
  async (app) => {
    const limits = new RateLimits(new RateCounters(app.db, app.now), limitRules(app.config), app.config.ipv6SubnetPrefix);
    app.decorate('rateLimits', limits);
    await limits.purge();
    repeatWhileOpen(app, HOURLY, () => limits.purge(), 'rate-limit counter purge failed');
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url) || isHealthCheck(request.url)) return;
      await limits.enforce(reply, limits.rules.requests, limits.clientKey(request));
    });
  },
  { name: 'rateLimit', dependencies: ['core', 'database'] },
);
