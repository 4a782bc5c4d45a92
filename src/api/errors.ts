import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Spec §8 message catalogue. */
export const MESSAGES = {
  INVALID_CREDENTIALS: 'Invalid email or password',
  USER_NOT_FOUND: 'User not found',
  EMAIL_ALREADY_EXISTS: 'Email already exists',
  WEAK_PASSWORD: 'Password must be at least 8 characters long',
  NETWORK_ERROR: 'Network error. Please check your connection.',
  UNAUTHORIZED: 'You are not authorized to access this resource',
  SESSION_EXPIRED: 'Your session has expired. Please login again.',
  VALIDATION_ERROR: 'Please check your input and try again',
} as const;

/** Fallbacks of spec §8 "Requests" and §6. */
export const FALLBACKS = {
  login401: 'Invalid credentials',
  auth401: 'Authentication failed',
  forbidden: 'Access denied. You do not have permission to access this resource.',
  other: 'Something went wrong',
} as const;

/** What every endpoint rejects with: a status and a message a user can read. */
export interface ApiError {
  /** HTTP status, or 'NETWORK' when no response arrived (time-out, offline, server down). */
  status: number | 'NETWORK';
  message: string;
  /** Field errors from a 400 `{ errors: { field: message } }`. */
  errors?: Record<string, string>;
  /** The message exactly as the server sent it; absent when `message` is one of the app's own fallbacks. */
  serverMessage?: string;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && typeof (value as ApiError).message === 'string';
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  errors?: unknown;
}

/** The server's `message` (or `error`) from an error body, if it has one. */
export function serverMessage(data: unknown): string | undefined {
  // Only a JSON body's message counts: raw text (an HTML error page from a proxy) is never shown to a user.
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as ErrorBody;
  if (typeof body.message === 'string' && body.message.trim()) return body.message;
  if (typeof body.error === 'string' && body.error.trim()) return body.error;
  return undefined;
}

function fieldErrors(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const errors = (data as ErrorBody).errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

export function httpStatusOf(error: FetchBaseQueryError): number | 'NETWORK' {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return 'NETWORK'; // FETCH_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR
}

/** A 401 whose message is about tokens (spec §4 "Token refresh"). */
export function isTokenProblem(error: FetchBaseQueryError): boolean {
  return httpStatusOf(error) === 401 && /expired|invalid|jwt|token/i.test(serverMessage(error.data) ?? '');
}

/**
 * Normalises an RTK Query error into the spec's messages (§8 "Requests", §6 403).
 * `isLoginCall`: a 401 on the login call gives the server message or 'Invalid credentials'.
 */
export function toApiError(error: FetchBaseQueryError, isLoginCall = false): ApiError {
  const status = httpStatusOf(error);
  if (status === 'NETWORK') return { status, message: MESSAGES.NETWORK_ERROR };
  const message = serverMessage(error.data);
  const errors = fieldErrors(error.data);
  const withErrors = (m: string): ApiError => ({
    status,
    message: m,
    ...(errors ? { errors } : {}),
    ...(message ? { serverMessage: message } : {}),
  });
  if (status === 401) return withErrors(message ?? (isLoginCall ? FALLBACKS.login401 : FALLBACKS.auth401));
  if (status === 403) return withErrors(message ?? FALLBACKS.forbidden);
  return withErrors(message ?? FALLBACKS.other);
}

/**
 * The message the server itself sent with a failed call, or null (no response, or no message in the body).
 * Spec §8's "the server message, otherwise …" rules (employee sign-up, complete profile) need the difference.
 */
export function serverMessageOf(error: unknown): string | null {
  return isApiError(error) ? (error.serverMessage ?? null) : null;
}

/** Any thrown value (unwrap() rejections included) → a readable message. */
export function messageOf(error: unknown, fallback: string = FALLBACKS.other): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
