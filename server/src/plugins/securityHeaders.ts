import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (SPA pages, assets, API JSON). The CSP allows only same-origin scripts —
 * no 'unsafe-inline' — and inline styles (React style attributes). Referrer-Policy is tightened to no-referrer
 * on /oauth/callback (its URL carries tokens) by the static site.
 */
export const securityHeaders = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The API may be served over plain http on localhost (`npm run serve`); HSTS belongs to the TLS front end.
      strictTransportSecurity: false,
    });
  },
  { name: 'securityHeaders' },
);
