/** What an account link does: reset the password, or verify an address (the account's, or a new one asked for). */
export const ACCOUNT_TOKEN_PURPOSES = ['reset', 'verify'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The SPA's page a link opens, the token in the fragment: a browser never sends a fragment to a server, so the token
 * stays out of access logs and Referer headers (the page posts it to the API).
 */
export function linkTo(appUrl: string, page: 'reset-password' | 'verify-email', token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/${page}#token=${token}`;
}

/** What a closed customer account's address becomes: unique, and deliverable nowhere (`.invalid`, RFC 2606). */
export function closedEmail(userId: string): string {
  return `closed-${userId}@closed.invalid`;
}

export const CLOSED_NAME = 'Closed account';

/** A closed customer's vehicle's plate: `CLOSED-` and 12 hex digits of its id (unique per customer, ≤ 20 characters). */
export function closedPlate(vehicleId: string): string {
  return `CLOSED-${vehicleId.replace(/-/g, '').slice(-12).toUpperCase()}`;
}
