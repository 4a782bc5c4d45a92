import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { PLUGINS } from '../../../server/src/app';
import { repeatWhileOpen } from '../../../server/src/plugins/housekeeping';

/** The plugin list of app.ts: every domain is on it, each after what it depends on. */

interface PluginMeta {
  name?: string;
  dependencies?: string[];
}

const metaOf = (plugin: unknown): PluginMeta => (plugin as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')] ?? {};
const SERVER_SRC = join(__dirname, '../../../server/src');

describe('PLUGINS', () => {
  const names = PLUGINS.map((plugin) => metaOf(plugin).name);

  it('are named, once each', () => {
    for (const name of names) expect(typeof name).toBe('string');
    expect(new Set(names).size).toBe(names.length);
  });

  it('come after every plugin they depend on (core is registered by buildApp before them)', () => {
    PLUGINS.forEach((plugin, index) => {
      const before = new Set(['core', ...names.slice(0, index)]);
      const missing = (metaOf(plugin).dependencies ?? []).filter((dependency) => !before.has(dependency));
      expect({ plugin: names[index], missing }).toEqual({ plugin: names[index], missing: [] });
    });
  });

  it('start with the error handler, since a route keeps the handler it was built with', () => {
    expect(names[0]).toBe('errorHandling');
  });

  it('include the plugin of every domain folder', () => {
    const domains = readdirSync(SERVER_SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(SERVER_SRC, entry.name, 'plugin.ts')))
      .map((entry) => entry.name);
    expect(domains.length).toBeGreaterThan(10);
    for (const domain of domains) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- each domain's plugin module, by path
      const plugin = (require(join(SERVER_SRC, domain, 'plugin.ts')) as { default: unknown }).default;
      expect({ domain, listed: PLUGINS.includes(plugin as (typeof PLUGINS)[number]) }).toEqual({ domain, listed: true });
    }
  });
});

describe('repeatWhileOpen (plugins/housekeeping.ts)', () => {
  it('runs the task every interval once the app is ready, logs a failure and goes on, and stops when the app closes', async () => {
    const app = Fastify({ logger: false });
    const error = jest.spyOn(app.log, 'error').mockImplementation(() => undefined);
    let runs = 0;
    repeatWhileOpen(
      app,
      20,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      },
      'task failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(0);
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith({ err: new Error('first run fails') }, 'task failed');
    await app.close();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(after);
  });
});
