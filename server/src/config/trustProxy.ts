/**
 * TRUST_PROXY: which peers may tell the server the client's address (`X-Forwarded-For`) and protocol
 * (`X-Forwarded-Proto`). Either the number of proxies in front of the server, or the proxies' addresses and CIDR
 * ranges; `true` (trust every hop) is refused, since the client then writes its own address.
 */
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy =
  | { kind: 'off' }
  /** This many proxies, whatever their addresses: X-Forwarded-For's entry that many hops back is the client. */
  | { kind: 'hops'; hops: number }
  /** Peers in these ranges (proxy-addr's syntax: an address, a CIDR, or loopback / linklocal / uniquelocal). */
  | { kind: 'addresses'; addresses: string[] };

const MAX_HOPS = 100;

const TRUST_PROXY_TRUE_MESSAGE =
  'TRUST_PROXY=true is no longer accepted: it trusts every hop, so a client could set its own address in X-Forwarded-For. ' +
  'Set the number of proxies in front of the server (e.g. TRUST_PROXY=1 behind one nginx) or their addresses ' +
  '(e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5)';

const trustProxyMessage = (got: string) =>
  `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses and CIDR ranges, ` +
  `comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or 0 for none (got "${got}")`;

/** The setting a TRUST_PROXY text stands for, or the message saying what it must look like. */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const raw = text.trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return { value: { kind: 'off' } };
  if (raw.toLowerCase() === 'true') return { error: TRUST_PROXY_TRUE_MESSAGE };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return hops <= MAX_HOPS ? { value: { kind: 'hops', hops } } : { error: trustProxyMessage(raw) };
  }
  const addresses = raw.split(',').map((entry) => entry.trim());
  if (addresses.some((entry) => entry === '')) return { error: trustProxyMessage(raw) };
  try {
    // proxy-addr throws a TypeError on an entry that is not an address, a range or a named range.
    proxyAddr.compile(addresses);
  } catch {
    return { error: trustProxyMessage(raw) };
  }
  return { value: { kind: 'addresses', addresses } };
}

/** Does the peer at `hop` (0: the socket's own address, then X-Forwarded-For right to left) forward for others? */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: recent Fastify 5 releases take a bare number
 * as "trust nobody" (a count cannot check the peer), while here the operator has said the server is reachable only
 * through that many proxies (server/README.md, "Client addresses and connections").
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  switch (setting.kind) {
    case 'off':
      return false;
    case 'hops':
      return (_address, hop) => hop < setting.hops;
    case 'addresses':
      return proxyAddr.compile(setting.addresses);
  }
}
