import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';

/**
 * Parsed JSON response body. `any` on purpose: tests assert the contract field by field (and the
 * assertions are the type check); a typed body per endpoint would only restate the contract.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** The contract's error body: `{ message, success: false }`. */
export function failure(message: string): Json {
  return { message, success: false };
}

/**
 * The contract's validation failure: 400 `{ message, success: false, errors }`, `message` being the first field's
 * message (list the fields in the form's order, as the server does).
 */
export function invalid(errors: Record<string, string>): Json {
  return { message: Object.values(errors)[0], success: false, errors };
}

/** The 403 body of a route outside the caller's role. */
export const ACCESS_DENIED = failure('Access denied. You do not have permission to access this resource.');

export interface ApiResponse {
  status: number;
  body: Json;
  text: string;
  headers: OutgoingHttpHeaders;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as-is (no JSON encoding), for malformed-body tests. */
  rawBody?: string;
}

/** One request through app.inject (no network), JSON in and out. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({ method, url, headers, payload });
  let body: Json;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers };
}

/** The body of a call that must succeed; anything else fails the test with what the server said. */
export async function succeeded(response: Promise<ApiResponse>): Promise<Json> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`request failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

let counter = 0;

/** A unique, valid e-mail address per call. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface Registration {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  address?: string;
  role?: string;
}

export function customer(overrides: Partial<Registration> = {}): Registration {
  return { email: uniqueEmail(), password: 'correct-horse-1', fullName: 'Ada Lovelace', phoneNumber: '+44 20 7946 0000', address: '12 Analytical St', role: 'CUSTOMER', ...overrides };
}

/** Registers a customer and returns the registration response body (tokens, id, …) plus the credentials. */
export async function registerCustomer(app: FastifyInstance, overrides: Partial<Registration> = {}): Promise<Json & { credentials: Registration }> {
  const credentials = customer(overrides);
  const response = await call(app, 'POST', '/api/auth/register/customer', { body: credentials });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${response.text}`);
  return { ...response.body, credentials };
}
