import { ConfigError, loadConfig } from '../../../server/src/config';
import { limitRules } from '../../../server/src/plugins/rateLimit';

/** CONTACT_MESSAGES_PER_IP_PER_HOUR: contact messages, and apart from them newsletter sign-ups, per client IP per hour. */
describe('CONTACT_MESSAGES_PER_IP_PER_HOUR', () => {
  it('defaults to 5', () => {
    expect(loadConfig({}).contactMessagesPerIpPerHour).toBe(5);
  });

  it('is read as a whole number (surrounding spaces ignored)', () => {
    expect(loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: ' 12 ' }).contactMessagesPerIpPerHour).toBe(12);
    expect(loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: '1' }).contactMessagesPerIpPerHour).toBe(1);
    expect(loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000000' }).contactMessagesPerIpPerHour).toBe(1_000_000);
  });

  it.each(['0', '-1', '1.5', 'five', '1000001'])('refuses %p, naming the variable and the allowed range', (value) => {
    expect(() => loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: value })).toThrow(
      `CONTACT_MESSAGES_PER_IP_PER_HOUR must be a whole number between 1 and 1000000 (got "${value}")`,
    );
  });

  it('sets the hourly limits of POST /api/contact and POST /api/newsletter, two rules with their own counters', () => {
    const rules = limitRules(loadConfig({ CONTACT_MESSAGES_PER_IP_PER_HOUR: '7' }));
    expect(rules.contactMessages).toEqual({ name: 'contact', max: 7, windowMs: 3_600_000, message: 'Too many messages from this address. Please try again later.' });
    expect(rules.newsletter).toEqual({
      name: 'newsletter',
      max: 7,
      windowMs: 3_600_000,
      message: 'Too many subscription requests from this address. Please try again later.',
    });
  });
});
