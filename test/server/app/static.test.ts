import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { call } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

const INDEX_HTML = '<!doctype html><html><head><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const MAIN_JS = `console.log(${JSON.stringify('hello '.repeat(200))});`;

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'carcare-static-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(join(dir, 'assets', 'main.0123456789.js'), MAIN_JS);
  await writeFile(join(dir, 'assets', 'main.0123456789.js.br'), brotliCompressSync(MAIN_JS));
  await writeFile(join(dir, 'assets', 'main.0123456789.js.gz'), gzipSync(MAIN_JS));
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ env: { STATIC_DIR: dir } });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('STATIC_DIR: the built SPA', () => {
  it('serves index.html at / with no-cache', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('falls back to index.html for client-side routes (history API)', async () => {
    for (const path of ['/dashboard', '/admin/dashboard', '/login?next=%2Fdashboard', '/some/deep/unknown/route']) {
      const response = await get(path, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves the precompressed index.html.br for / and for client-side routes', async () => {
    for (const path of ['/', '/dashboard']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('serves the precompressed .br file with Content-Encoding when the client accepts it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(MAIN_JS);
  });

  it('serves gzip or identity according to Accept-Encoding', async () => {
    expect((await get('/assets/main.0123456789.js', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/main.0123456789.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(MAIN_JS);
  });

  it('caches hashed /assets/* for a year, immutable', async () => {
    const response = await get('/assets/main.0123456789.js', { 'accept-encoding': 'br' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets unhashed files revalidate', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const response = await get('/assets/missing.abc.js');
    expect(response.statusCode).toBe(404);
  });

  it('sends the security headers with every page', async () => {
    for (const path of ['/', '/dashboard', '/assets/main.0123456789.js']) {
      const { headers } = await get(path);
      const csp = String(headers['content-security-policy']);
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/base-uri 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/img-src 'self' data:/);
      expect(csp).toMatch(/connect-src 'self'/);
      expect(csp).toMatch(/form-action 'self'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('uses Referrer-Policy: no-referrer on /oauth/callback (its URL carries tokens)', async () => {
    const response = await get('/oauth/callback?token=abc&refreshToken=def');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps /api 404s as JSON', async () => {
    for (const path of ['/api/nope', '/api', '/api/auth/nope']) {
      const response = await call(t.app, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Resource not found', success: false });
    }
    expect((await call(t.app, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('answers odd paths like any unknown page: the SPA for pages, a 404 for assets, never a redirect', async () => {
    for (const path of ['//evil.example', '/%5Cevil.example', '/..%2f..%2fetc/passwd']) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers.location).toBeUndefined();
    }
    const asset = await get('/assets/..%2f..%2fpackage.json');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('"name"');
  });

  it('does not serve files outside STATIC_DIR', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await get(path);
      expect(response.body).not.toContain('"name"');
    }
  });
});

describe('STATIC_DIR without a build', () => {
  it('refuses to start with a clear message', async () => {
    await expect(startTestApp({ env: { STATIC_DIR: join(dir, 'nothing-here') } })).rejects.toThrow(/has no index\.html.*npm run build/);
  });
});
