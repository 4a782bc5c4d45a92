import http from 'node:http';

/**
 * A small keep-alive HTTP/1.1 client on node:http for load runs: lighter than fetch on a 2-CPU machine shared with
 * the server, and each answer carries its latency with sub-millisecond resolution (request written → body read).
 */
export interface HttpAnswer {
  status: number;
  body: string;
  /** Request sent → last byte of the answer, in ms. */
  ms: number;
  /** performance.now() when the request was sent and when its answer was complete. */
  sentAt: number;
  doneAt: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

const REQUEST_TIMEOUT_MS = 60_000;

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(origin: string, maxSockets: number) {
    this.url = new URL(origin);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request({ method, path, token, body }: HttpRequest): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const sentAt = performance.now();
      const req = http.request(
        { agent: this.agent, host: this.url.hostname, port: this.url.port, method, path, headers, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const doneAt = performance.now();
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: doneAt - sentAt, sentAt, doneAt });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out after ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Opens `count` keep-alive connections (concurrent GET /api/health), so a burst that follows does not pay for them. */
  async warmConnections(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, () => this.request({ method: 'GET', path: '/api/health' })));
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Runs `task(i)` for i = 0, 1, 2… with `concurrency` workers until `count` tasks have run or, when given, until
 * `untilMs` (performance.now()) has passed: no task starts after it. Resolves with the results in task order.
 */
export async function runConcurrently<T>(concurrency: number, count: number, task: (i: number) => Promise<T>, untilMs = Number.POSITIVE_INFINITY): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count && performance.now() < untilMs) {
      const i = next;
      next += 1;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results.filter((r) => r !== undefined);
}
