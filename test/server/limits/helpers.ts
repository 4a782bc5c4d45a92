import type { FastifyInstance } from 'fastify';
import type { Json } from '../helpers/http';

/** What a client sees of one answer: status, body and the Retry-After header. */
export interface Answer {
  status: number;
  body: Json;
  retryAfter: string | undefined;
}

export const TOO_MANY_LOGINS = { message: 'Too many login attempts. Please try again later.', success: false };
export const TOO_MANY_REQUESTS = { message: 'Too many requests. Please try again later.', success: false };
export const TOO_MANY_REGISTRATIONS = { message: 'Too many registrations from this address. Please try again later.', success: false };

/** One request through app.inject from a chosen client address. */
export async function from(app: FastifyInstance, ip: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
  const response = await app.inject({ method, url, remoteAddress: ip, ...(body !== undefined && { payload: body as Record<string, unknown> }) });
  const header = response.headers['retry-after'];
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined, retryAfter: header === undefined ? undefined : String(header) };
}

/** One real HTTP request (fetch) to a listening app. */
export async function fetchAnswer(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers.get('retry-after') ?? undefined };
}

export function statuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Rows in the counter table (the limits' only state). */
export async function counterRows(app: FastifyInstance, rule?: string): Promise<number> {
  let query = app.db.selectFrom('rate_limit_counters').select((eb) => eb.fn.countAll<string>().as('n'));
  if (rule !== undefined) query = query.where('rule', '=', rule);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export const PASSWORD = 'correct-horse-1';

/** Registers a customer through the API and returns the e-mail. */
export async function registered(app: FastifyInstance, email: string, ip = '192.0.2.250'): Promise<string> {
  const answer = await from(app, ip, 'POST', '/api/auth/register/customer', { email, password: PASSWORD, fullName: 'Victim Person', phoneNumber: '555-0100' });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return email;
}
