import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../../server/src/auth/passwords';
import type { BenchSession } from '../lib/apiClient';
import { median, round } from '../lib/stats';

export const LOAD = { connections: 10, durationS: 10, warmupS: 2 };

export interface ThroughputResult {
  endpoint: string;
  note: string;
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

interface Scenario {
  endpoint: string;
  note: string;
  options: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
}

async function load(scenario: Scenario): Promise<ThroughputResult> {
  // A short unmeasured warm-up (JIT, connection pools), then the measured run.
  await autocannon({ ...scenario.options, connections: LOAD.connections, duration: LOAD.warmupS });
  const r = await autocannon({ ...scenario.options, connections: LOAD.connections, duration: LOAD.durationS });
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  return {
    endpoint: scenario.endpoint,
    note: scenario.note,
    requestsPerSecond: round(r.requests.total / r.duration, 1),
    totalRequests: r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
  };
}

/** One argon2id verification with the server's parameters, alone and serial: the floor of a sign-in's cost. */
export async function argon2VerifyMs(iterations = 20): Promise<number> {
  const hash = await hashPassword('Bench-Passw0rd!');
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const t = performance.now();
    await verifyPassword(hash, 'Bench-Passw0rd!');
    times.push(performance.now() - t);
  }
  return round(median(times), 1);
}

/**
 * Section 3: loopback throughput and latency of the sign-in (argon2id verification: CPU-bound by design) and
 * of an authenticated read (JWT verification + a session lookup in the database).
 */
export interface ThroughputSection {
  /** Median of one argon2id verification alone (server parameters, serial, in the bench process). */
  argon2VerifyMs: number;
  endpoints: ThroughputResult[];
}

export async function runThroughput(apiBase: string, loginUser: BenchSession, profileUser: BenchSession): Promise<ThroughputSection> {
  const argon2 = await argon2VerifyMs();
  const json = { 'content-type': 'application/json' };
  const scenarios: Scenario[] = [
    {
      endpoint: 'POST /api/auth/login',
      note: 'argon2id verify per request (19 MiB, t=2, p=1) — CPU-bound by design; each success also creates a session',
      options: { url: `${apiBase}/auth/login`, method: 'POST', headers: json, body: JSON.stringify({ email: loginUser.email, password: loginUser.password }) },
    },
    {
      endpoint: 'GET /api/auth/profile',
      note: 'bearer token: HS256 verify + live-session check + user read',
      options: { url: `${apiBase}/auth/profile`, method: 'GET', headers: { authorization: `Bearer ${profileUser.token}` } },
    },
  ];
  const endpoints: ThroughputResult[] = [];
  for (const scenario of scenarios) endpoints.push(await load(scenario));
  return { argon2VerifyMs: argon2, endpoints };
}
