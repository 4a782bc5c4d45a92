/**
 * A mailto: link to one address. Stored addresses are typed by visitors, customers and technicians, so each side of
 * the last `@` is percent-encoded (encodeURIComponent): a `?`, `&` or `#` in an address can never add a query (cc,
 * bcc, body) or a fragment to the link. The `@` itself stays, as mail clients expect it.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
