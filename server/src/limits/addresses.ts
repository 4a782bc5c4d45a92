import ipaddr from 'ipaddr.js';

/**
 * The key per-IP limits count a client address under. An IPv4 address is itself; an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`, how a dual-stack socket shows an IPv4 client) is that IPv4 address; an IPv6 address is its
 * network of `ipv6Prefix` bits (`2001:db8:1:2::/64`), since one subscriber is given a whole /64 and could otherwise
 * take a fresh address for each request. Anything that does not parse is kept as it is.
 */
export function addressKey(address: string, ipv6Prefix: number): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip instanceof ipaddr.IPv4) return ip.toString();
  // Built from the parts alone: a zone id (`fe80::1%eth0`) names the server's interface, not the client.
  const bare = new ipaddr.IPv6(ip.parts).toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${bare}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`;
}
