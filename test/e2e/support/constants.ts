/**
 * Values the end-to-end suite shares with playwright.config.ts (which starts the server with them).
 * The JWT secret is a throw-away one for the server the suite starts; the suite signs its own expired
 * access tokens with it (see jwt.ts).
 */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';

/** A password every test user gets (≥ 8 characters, spec §5). */
export const TEST_PASSWORD = 'Str0ng-Passw0rd!';

/** The admin account the server bootstraps at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = {
  get email(): string {
    return process.env.E2E_ADMIN_EMAIL as string;
  },
  get password(): string {
    return process.env.E2E_ADMIN_PASSWORD as string;
  },
};

/** The storage keys of spec §3 / §9. */
export const STORAGE_KEYS = ['token', 'refresh_token', 'user'] as const;

/** A fresh e-mail address per call, so every test owns its users. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@e2e.test`;
}
