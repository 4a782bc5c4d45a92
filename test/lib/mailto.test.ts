import { mailtoHref } from '@/lib/mailto';

/** A stored address someone chose so that a mailto: link to it would copy in a boss and pre-write the mail. */
const HOSTILE = 'evil@example.com?cc=boss@example.org&bcc=all@example.org&body=Pay%20now#top';

describe('mailtoHref', () => {
  it('links an ordinary address as it is', () => {
    expect(mailtoHref('visitor1@example.com')).toBe('mailto:visitor1@example.com');
    expect(mailtoHref("o'brien+tag@mail.example.ie")).toBe("mailto:o'brien%2Btag@mail.example.ie");
  });

  it('cannot be given a query (cc, bcc, body) or a fragment by the address: the link is to the address, whole', () => {
    const href = mailtoHref(HOSTILE);
    expect(href).not.toMatch(/[?&#]/);
    const url = new URL(href);
    expect({ protocol: url.protocol, search: url.search, hash: url.hash }).toEqual({ protocol: 'mailto:', search: '', hash: '' });
    expect(decodeURIComponent(url.pathname)).toBe(HOSTILE);
  });

  it('encodes an address with no @ whole', () => {
    expect(mailtoHref('nobody?body=x')).toBe('mailto:nobody%3Fbody%3Dx');
  });
});
