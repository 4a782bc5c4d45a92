import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { call } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

const INDEX_HTML = '<!doctype html><html><head><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const MAIN_JS = `console.log(${JSON.stringify('hello '.repeat(200))});`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(100)}`;
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['webpack://carcare/./src/secret.ts'], sourcesContent: ['const secret = 1;'], mappings: '' });

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
  await writeFile(join(dir, 'sw.js'), SERVICE_WORKER);
  await writeFile(join(dir, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER));
  // Source maps the build keeps on disk (for the budget check and the bench), with precompressed copies as an
  // older build wrote them.
  await writeFile(join(dir, 'assets', 'main.0123456789.js.map'), SOURCE_MAP);
  await writeFile(join(dir, 'assets', 'main.0123456789.js.map.br'), brotliCompressSync(SOURCE_MAP));
  await writeFile(join(dir, 'assets', 'main.0123456789.js.map.gz'), gzipSync(SOURCE_MAP));
  t = await startTestApp({ env: { STATIC_DIR: dir } });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('STATIC_DIR with pre-rendered pages (dist/prerendered/pages.json)', () => {
  let built: string;
  let site: TestApp;
  const html = (name: string) => `<!doctype html><html><body><div id="root">${name}</div></body></html>`;

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'carcare-prerendered-'));
    await mkdir(join(built, 'prerendered'));
    await writeFile(join(built, 'index.html'), html('shell'));
    for (const name of ['index', 'login', 'register-employee', 'shell-admin', 'frame-dashboard-customer', 'frame-dashboard-technician', 'frame-admin-dashboard-admin']) {
      await writeFile(join(built, 'prerendered', `${name}.html`), html(name));
      await writeFile(join(built, 'prerendered', `${name}.html.br`), brotliCompressSync(html(name)));
    }
    const pages = { '/': 'prerendered/index.html', '/login': 'prerendered/login.html', '/register/employee': 'prerendered/register-employee.html' };
    const frames = {
      '/dashboard': { customer: 'prerendered/frame-dashboard-customer.html', technician: 'prerendered/frame-dashboard-technician.html' },
      '/admin/dashboard': { admin: 'prerendered/frame-admin-dashboard-admin.html' },
    };
    await writeFile(join(built, 'prerendered', 'pages.json'), JSON.stringify({ pages, shells: { '/admin': 'prerendered/shell-admin.html' }, frames }));
    site = await startTestApp({ env: { STATIC_DIR: built } });
  });

  afterAll(async () => {
    await site?.close();
    await rm(built, { recursive: true, force: true });
  });

  it('answers each path with its page, else its area’s shell, else index.html — HTML with no-cache, brotli when asked', async () => {
    const expected: Record<string, string> = {
      '/': 'index',
      '/login': 'login',
      '/login?next=%2Fdashboard': 'login',
      '/register/employee': 'register-employee',
      '/admin': 'shell-admin',
      '/admin/staff': 'shell-admin',
      '/administrator': 'shell',
      '/register': 'shell',
      '/dashboard': 'shell',
    };
    for (const [url, name] of Object.entries(expected)) {
      const plain = await site.app.inject({ method: 'GET', url });
      expect([url, plain.statusCode, plain.headers['cache-control'], plain.body]).toEqual([url, 200, 'no-cache', html(name)]);
      const compressed = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      if (name !== 'shell') expect([url, compressed.headers['content-encoding'], brotliDecompressSync(compressed.rawPayload).toString()]).toEqual([url, 'br', html(name)]);
    }
  });

  it("answers a returning user's dashboard with the frame their view cookie names, and says the answer varies by cookie", async () => {
    const page = async (url: string, cookie?: string) => {
      const response = await site.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
      return [response.statusCode, response.body, response.headers.vary];
    };
    expect(await page('/dashboard', 'carcare_view=customer')).toEqual([200, html('frame-dashboard-customer'), 'Cookie']);
    expect(await page('/dashboard', 'theme=dark; carcare_view=technician')).toEqual([200, html('frame-dashboard-technician'), 'Cookie']);
    expect(await page('/admin/dashboard', 'carcare_view=admin')).toEqual([200, html('frame-admin-dashboard-admin'), 'Cookie']);
    // No cookie, a view without a frame on that path, or a value that is no view: the area's shell or index.html.
    expect(await page('/dashboard')).toEqual([200, html('shell'), 'Cookie']);
    expect(await page('/dashboard', 'carcare_view=admin')).toEqual([200, html('shell'), 'Cookie']);
    expect(await page('/admin/dashboard', 'carcare_view=customer')).toEqual([200, html('shell-admin'), 'Cookie']);
    expect(await page('/dashboard', 'carcare_view=..%2F..%2Fetc%2Fpasswd')).toEqual([200, html('shell'), 'Cookie']);
    expect(await page('/dashboard', 'carcare_view=toString')).toEqual([200, html('shell'), 'Cookie']);
    // Paths without frames are one answer for everyone.
    expect(await page('/admin/staff', 'carcare_view=admin')).toEqual([200, html('shell-admin'), undefined]);
  });
});

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

  it('serves the service worker at /sw.js as JavaScript that is never cached, and its CSP lets it run', async () => {
    // A new build's worker must reach every browser at its next update check, not after an HTTP cache expires.
    const response = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SERVICE_WORKER);
    // A worker's script obeys worker-src, else script-src: the same origin's.
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(/worker-src ([^;]*)/.exec(csp)?.[1] ?? /script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
  });

  it('a missing asset is a 404, not index.html', async () => {
    const response = await get('/assets/missing.abc.js');
    expect(response.statusCode).toBe(404);
  });

  it('does not serve source maps: 404 like a missing asset, whatever the spelling or encoding asked for', async () => {
    const paths = [
      '/assets/main.0123456789.js.map',
      '/assets/main.0123456789.js.map?v=1',
      '/assets/main.0123456789.js.map.br',
      '/assets/main.0123456789.js.map.gz',
      '/assets/main.0123456789.js%2Emap',
      '/assets/main.0123456789.js%2emap',
    ];
    for (const path of paths) {
      for (const encoding of ['identity', 'br, gzip', 'gzip']) {
        const response = await call(t.app, 'GET', path, { headers: { 'accept-encoding': encoding } });
        expect({ path, encoding, status: response.status, body: response.body }).toEqual({
          path,
          encoding,
          status: 404,
          body: { message: 'Resource not found', success: false },
        });
        expect(response.text).not.toContain('sourcesContent');
      }
      expect((await t.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(404);
    }
    // The script itself is still served.
    expect((await get('/assets/main.0123456789.js')).body).toBe(MAIN_JS);
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

  it('serves a tracking page with no-referrer and noindex (its URL is a bearer link to one customer’s job)', async () => {
    const response = await get('/track/AbCdEfGhIjKlMnOpQrStUv');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect((await get('/about')).headers['x-robots-tag']).toBeUndefined();
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

describe('the production build (webpack.config.js) and `npm run serve`', () => {
  const repo = resolve(__dirname, '../../..');
  let buildDir: string;
  let site: TestApp | undefined;

  afterAll(async () => {
    await site?.close();
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
  });

  it('writes source maps that no script points to, and the server answers 404 for them', async () => {
    // The project's production configuration on a two-file app (an entry and a lazy chunk), built into a
    // temporary directory; only the plugin that writes build-stats/ into the repository is left out.
    buildDir = await mkdtemp(join(tmpdir(), 'carcare-build-'));
    await writeFile(join(buildDir, 'main.js'), "import('./lazy.js').then((lazy) => document.body.append(lazy.default));\n");
    await writeFile(join(buildDir, 'lazy.js'), "export default 'CarCare ' + String(Date.now());\n");
    await writeFile(
      join(buildDir, 'webpack.config.js'),
      `const base = require(${JSON.stringify(join(repo, 'webpack.config.js'))});
module.exports = (env, argv) => {
  const config = [base(env, argv)].flat().find((each) => each.name === 'browser');
  return {
    ...config,
    entry: { main: ${JSON.stringify(join(buildDir, 'main.js'))} },
    output: { ...config.output, path: ${JSON.stringify(join(buildDir, 'dist'))} },
    plugins: config.plugins.filter((plugin) => plugin.constructor.name !== 'ChunkGroupManifestPlugin'),
  };
};
`,
    );
    await promisify(execFile)(process.execPath, [join(repo, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production', '--config', join(buildDir, 'webpack.config.js')], {
      cwd: repo,
    });

    const assets = join(buildDir, 'dist', 'assets');
    const files = await readdir(assets);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(3); // runtime, main, the lazy chunk
    for (const script of scripts) {
      expect(files).toContain(`${script}.map`);
      expect(await readFile(join(assets, script), 'utf8')).not.toMatch(/sourceMappingURL/);
    }
    expect(files.filter((file) => /\.map\.(gz|br)$/.test(file))).toEqual([]);

    site = await startTestApp({ env: { STATIC_DIR: join(buildDir, 'dist') } });
    for (const script of scripts) {
      const served = await site.app.inject({ method: 'GET', url: `/assets/${script}`, headers: { 'accept-encoding': 'identity' } });
      expect(served.statusCode).toBe(200);
      expect(served.headers.sourcemap).toBeUndefined();
      expect(served.body).not.toMatch(/sourceMappingURL/);
      const map = await call(site.app, 'GET', `/assets/${script}.map`);
      expect(map.status).toBe(404);
      expect(map.body).toEqual({ message: 'Resource not found', success: false });
    }
  }, 120_000);
});
