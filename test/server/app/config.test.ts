import { ConfigError, loadConfig, parseDuration } from '../../../server/src/config';

describe('loadConfig', () => {
  it('has the documented defaults with an empty environment', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      jwtSecret: undefined,
      accessTokenTtlMs: 15 * 60_000,
      refreshTokenTtlMs: 7 * 86_400_000,
      refreshReuseLeewayMs: 10_000,
      appUrl: 'http://localhost:3000',
      publicUrl: undefined,
      google: null,
      admin: null,
      loginMaxAttempts: 10,
      loginWindowMs: 15 * 60_000,
      staticDir: undefined,
      production: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/carcare',
      DATA_DIR: '/var/lib/carcare',
      JWT_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL: '30s',
      REFRESH_TOKEN_TTL: '12h',
      REFRESH_REUSE_LEEWAY: '0s',
      APP_URL: 'https://carcare.example/',
      PUBLIC_URL: 'https://api.carcare.example',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'long-enough',
      LOGIN_MAX_ATTEMPTS: '5',
      STATIC_DIR: 'dist',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/carcare',
      accessTokenTtlMs: 30_000,
      refreshTokenTtlMs: 12 * 3_600_000,
      refreshReuseLeewayMs: 0,
      appUrl: 'https://carcare.example',
      publicUrl: 'https://api.carcare.example',
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
      admin: { email: 'admin@example.com', password: 'long-enough' },
      loginMaxAttempts: 5,
      staticDir: 'dist',
    });
  });

  it('requires JWT_SECRET in production, with a message saying how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required when NODE_ENV=production.*openssl rand/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32) }).production).toBe(true);
  });

  it.each([
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ ACCESS_TOKEN_TTL: '15 minutes' }, /ACCESS_TOKEN_TTL must be a duration/],
    [{ ACCESS_TOKEN_TTL: '0s' }, /ACCESS_TOKEN_TTL must be at least/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ APP_URL: 'localhost:3000' }, /APP_URL must be an/],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, /must be set together/],
    [{ GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b', GOOGLE_ISSUER: 'http://issuer.example' }, /GOOGLE_ISSUER must use https/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8/],
    [{ LOGIN_MAX_ATTEMPTS: '0' }, /LOGIN_MAX_ATTEMPTS must be a whole number/],
  ])('rejects %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('allows a plain-http issuer only on localhost (a local test provider)', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b', GOOGLE_ISSUER: 'http://127.0.0.1:4000' });
    expect(config.google?.issuer).toBe('http://127.0.0.1:4000');
  });
});

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['7d', 604_800_000],
  ])('%s → %d ms', (text, ms) => {
    expect(parseDuration(text, 'X')).toBe(ms);
  });

  it('rejects other formats', () => {
    for (const text of ['', '10', '1w', '-5s', '1.5h']) expect(() => parseDuration(text, 'X')).toThrow(ConfigError);
  });
});

describe('loadConfig: the demo workshop and the shop time zone', () => {
  const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32) };

  it('leaves DEMO_DATA off by default (tests and tools get an empty shop)', () => {
    expect(loadConfig({}).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '  ' }).demoData).toBe(false);
  });

  it('turns it on with demoDataByDefault (npm start), except when NODE_ENV=production', () => {
    expect(loadConfig({}, { demoDataByDefault: true }).demoData).toBe(true);
    expect(loadConfig(PRODUCTION, { demoDataByDefault: true }).demoData).toBe(false);
  });

  it('lets DEMO_DATA=0/1 win over the default, in production too', () => {
    expect(loadConfig({ DEMO_DATA: '0' }, { demoDataByDefault: true }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: '1' }, { demoDataByDefault: true }).demoData).toBe(true);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: '0' }).demoData).toBe(false);
    for (const on of ['true', 'YES', 'on', ' 1 ']) expect(loadConfig({ DEMO_DATA: on }).demoData).toBe(true);
    for (const off of ['false', 'No', 'OFF']) expect(loadConfig({ DEMO_DATA: off }, { demoDataByDefault: true }).demoData).toBe(false);
  });

  it.each(['2', 'maybe', 'enabled', '-1'])('rejects DEMO_DATA=%p', (value) => {
    expect(() => loadConfig({ DEMO_DATA: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_DATA: value })).toThrow(`DEMO_DATA must be 1 or 0 (got "${value}")`);
  });

  it('reads SHOP_TIME_ZONE, defaulting to the runtime’s own zone', () => {
    expect(loadConfig({ SHOP_TIME_ZONE: 'America/Chicago' }).shopTimeZone).toBe('America/Chicago');
    expect(loadConfig({ SHOP_TIME_ZONE: 'UTC' }).shopTimeZone).toBe('UTC');
    expect(loadConfig({}).shopTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it.each(['Mars/Olympus_Mons', 'Chicago', 'America/Chicago!'])('rejects SHOP_TIME_ZONE=%p', (zone) => {
    expect(() => loadConfig({ SHOP_TIME_ZONE: zone })).toThrow(ConfigError);
    expect(() => loadConfig({ SHOP_TIME_ZONE: zone })).toThrow(/SHOP_TIME_ZONE must be an IANA time zone/);
  });
});

describe('loadConfig: HTTP timeouts, the connection cap and the shutdown grace period', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      connectionTimeoutMs: 60_000,
      maxConnections: 1000,
      maxConnectionsPerIp: 100,
      shutdownGraceMs: 10_000,
    });
  });

  it('reads each variable', () => {
    const env = {
      REQUEST_TIMEOUT: '2m',
      HEADERS_TIMEOUT: '15s',
      KEEP_ALIVE_TIMEOUT: '500ms',
      CONNECTION_TIMEOUT: '5m',
      MAX_CONNECTIONS: '20000',
      MAX_CONNECTIONS_PER_IP: '50',
      SHUTDOWN_GRACE: '0s',
    };
    expect(loadConfig(env).http).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 500,
      connectionTimeoutMs: 300_000,
      maxConnections: 20_000,
      maxConnectionsPerIp: 50,
      shutdownGraceMs: 0,
    });
  });

  it.each([
    [{ HEADERS_TIMEOUT: '40s' }, 'HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT'],
    [{ REQUEST_TIMEOUT: 'forever' }, 'REQUEST_TIMEOUT must be a duration like 30s, 15m, 12h or 7d (got "forever")'],
    [{ KEEP_ALIVE_TIMEOUT: '10ms' }, 'KEEP_ALIVE_TIMEOUT must be at least 100 ms'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS must be a whole number between 1 and 1000000 (got "0")'],
    [{ MAX_CONNECTIONS_PER_IP: '0' }, 'MAX_CONNECTIONS_PER_IP must be a whole number between 1 and 1000000 (got "0")'],
    [{ SHUTDOWN_GRACE: '10' }, 'SHUTDOWN_GRACE must be a duration like 30s, 15m, 12h or 7d (got "10")'],
  ])('rejects %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
