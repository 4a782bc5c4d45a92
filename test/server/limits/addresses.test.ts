/**
 * The address per-IP limits count a client under (limits/addresses.ts), IPV6_SUBNET_PREFIX, and TRUST_PROXY's
 * forms (config/trustProxy.ts).
 */
import { loadConfig } from '../../../server/src/config';
import { trustFunction } from '../../../server/src/config/trustProxy';
import { addressKey } from '../../../server/src/limits/addresses';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7', 64)).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address (a dual-stack socket\'s view of an IPv4 client) as the IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107', 64)).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7', 128)).toBe('203.0.113.7');
  });

  it('buckets IPv6 by its /64: every address of one /64 is one key, the next /64 another', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:9', '2001:0db8:0001:0002:abcd::1']) {
      expect(addressKey(address, 64)).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:1:1:ffff::1', 64)).toBe('2001:db8:1:1::/64');
  });

  it('uses the prefix it is given: /48 joins the /64s of one site, /128 keeps each address apart', () => {
    expect(addressKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:3::1', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
    expect(addressKey('2001:db8:1:2::2', 128)).toBe('2001:db8:1:2::2/128');
  });

  it('leaves out a zone id (it names the server\'s interface, not the client)', () => {
    expect(addressKey('fe80::1234:5678:9abc:def0%eth0', 64)).toBe('fe80::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(addressKey('not-an-ip', 64)).toBe('not-an-ip');
  });
});

describe('IPV6_SUBNET_PREFIX', () => {
  it('is 64 unless set; 1 to 128', () => {
    expect(loadConfig({}).ipv6SubnetPrefix).toBe(64);
    expect(loadConfig({ IPV6_SUBNET_PREFIX: '56' }).ipv6SubnetPrefix).toBe(56);
    expect(loadConfig({ IPV6_SUBNET_PREFIX: '128' }).ipv6SubnetPrefix).toBe(128);
    for (const value of ['0', '129', '/64', 'sixty-four']) {
      expect(() => loadConfig({ IPV6_SUBNET_PREFIX: value })).toThrow(`IPV6_SUBNET_PREFIX must be a whole number between 1 and 128 (got "${value}")`);
    }
  });
});

describe('TRUST_PROXY', () => {
  const TRUE_REFUSED =
    'TRUST_PROXY=true is no longer accepted: it trusts every hop, so a client could set its own address in X-Forwarded-For. ' +
    'Set the number of proxies in front of the server (e.g. TRUST_PROXY=1 behind one nginx) or their addresses ' +
    '(e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5)';
  const invalid = (got: string) =>
    `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses and CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or 0 for none (got "${got}")`;

  it('unset, empty, 0 or false: no proxy is trusted', () => {
    for (const value of [undefined, '', ' ', '0', 'false', 'FALSE']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual({ kind: 'off' });
    expect(trustFunction({ kind: 'off' })).toBe(false);
  });

  it('a number: that many proxies, whoever they are', () => {
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    const trust = trustFunction({ kind: 'hops', hops: 2 });
    expect(trust && [0, 1, 2].map((hop) => trust('203.0.113.1', hop))).toEqual([true, true, false]);
    expect(() => loadConfig({ TRUST_PROXY: '101' })).toThrow(invalid('101'));
  });

  it('addresses and ranges, comma-separated: only those peers', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8 , loopback' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback'],
    });
    const trust = trustFunction({ kind: 'addresses', addresses: ['127.0.0.1', '10.0.0.0/8'] });
    expect(trust && ['127.0.0.1', '::ffff:127.0.0.1', '10.20.30.40', '127.0.0.2', '203.0.113.1'].map((address) => trust(address, 0))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('refuses true, naming what to set instead', () => {
    for (const value of ['true', 'TRUE']) expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUE_REFUSED);
  });

  it('refuses what is neither a number nor addresses', () => {
    for (const value of ['yes', 'nginx.local', '10.0.0.0/33', '127.0.0.1,,10.0.0.1', '300.1.1.1', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(invalid(value));
    }
  });
});
