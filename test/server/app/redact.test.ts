import { redactSecrets } from '../../../server/src/plugins/errorHandler';

describe('redactSecrets (URLs in log lines)', () => {
  it('leaves a tracking token out of the page and API paths, and other URLs as they are', () => {
    expect(redactSecrets('/track/AbCdEfGhIjKlMnOpQrStUv')).toBe('/track/[redacted]');
    expect(redactSecrets('/api/track/AbCdEfGhIjKlMnOpQrStUv/events')).toBe('/api/track/[redacted]/events');
    expect(redactSecrets('/api/track/AbCdEfGhIjKlMnOpQrStUv?x=1')).toBe('/api/track/[redacted]?x=1');
    expect(redactSecrets('/api/appointments?limit=5')).toBe('/api/appointments?limit=5');
  });
});
