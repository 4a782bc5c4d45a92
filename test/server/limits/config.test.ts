import { loadConfig } from '../../../server/src/config';

const LIMITS = [
  ['LOGIN_MAX_ATTEMPTS', 'loginMaxAttempts', 10, 1_000_000],
  ['LOGIN_MAX_ATTEMPTS_PER_IP', 'loginMaxAttemptsPerIp', 100, 1_000_000],
  ['REGISTRATIONS_PER_IP_PER_HOUR', 'registrationsPerIpPerHour', 20, 1_000_000],
  ['REQUESTS_PER_IP_PER_MINUTE', 'requestsPerIpPerMinute', 600, 10_000_000],
  ['MAX_SESSIONS_PER_USER', 'maxSessionsPerUser', 20, 100_000],
] as const;

describe('the limits in the environment', () => {
  it('have defaults', () => {
    const config = loadConfig({});
    expect(Object.fromEntries(LIMITS.map(([, field]) => [field, config[field]]))).toEqual({
      loginMaxAttempts: 10,
      loginMaxAttemptsPerIp: 100,
      registrationsPerIpPerHour: 20,
      requestsPerIpPerMinute: 600,
      maxSessionsPerUser: 20,
    });
  });

  it.each(LIMITS)('reads %s', (name, field) => {
    expect(loadConfig({ [name]: ' 7 ' })[field]).toBe(7);
  });

  it.each(LIMITS)('refuses a %s that is not a whole number from 1 up, naming the variable', (name, _field, _default, max) => {
    for (const value of ['0', '-1', '1.5', 'ten', String(max + 1)]) {
      expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be a whole number between 1 and ${max} (got "${value}")`);
    }
  });
});
