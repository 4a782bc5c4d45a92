import { renderMarkdownDocument } from '../../scripts/markdown/document';

/** A document with the required title and date lines, then `body`. */
const doc = (body: string, head = '# Privacy policy\n\nLast updated: 27 November 2026\n') => `${head}\n${body}\n`;
const render = (source: string) => renderMarkdownDocument(source, 'content/legal/test.md');

describe('the build’s Markdown documents (scripts/markdown/document.js)', () => {
  it('takes the title and the date for the page’s header and renders the rest, its headings with ids', () => {
    const result = render(doc('Intro with [terms](/terms).\n\n## What we *store*\n\n- one\n- two\n\n### Your account\n\nText.'));
    expect(result).toEqual({
      title: 'Privacy policy',
      lastUpdated: '27 November 2026',
      lastUpdatedIso: '2026-11-27',
      html: expect.any(String),
    });
    expect(result.html).toBe(
      [
        '<p>Intro with <a href="/terms">terms</a>.</p>',
        '<h2 id="what-we-store">What we <em>store</em></h2>',
        '<ul>',
        '<li>one</li>',
        '<li>two</li>',
        '</ul>',
        '<h3 id="your-account">Your account</h3>',
        '<p>Text.</p>',
      ].join('\n'),
    );
  });

  it('escapes text and links e-mail addresses', () => {
    expect(render(doc('Fish & chips < 5 — write to hello@carcare.example')).html).toBe(
      '<p>Fish &amp; chips &lt; 5 — write to <a href="mailto:hello@carcare.example">hello@carcare.example</a></p>',
    );
  });

  it.each([
    ['raw HTML', doc('<script>alert(1)</script>'), 'raw HTML is not allowed'],
    ['inline HTML', doc('Click <a href="/x" onclick="alert(1)">here</a>'), 'raw HTML is not allowed'],
    ['a javascript: link', doc('[x](javascript:alert(1))'), 'is not to this site, https:, mailto: or tel:'],
    ['a protocol-relative link', doc('[x](//evil.example)'), 'is not to this site'],
    ['an http: link', doc('[x](http://example.com)'), 'is not to this site'],
    ['an image', doc('![x](/a.png)'), 'images are not allowed'],
    ['a second # heading', doc('# Another'), 'the document has one "#" heading'],
    ['a skipped heading level', doc('#### Deep'), 'skips a heading level'],
    ['two headings with one id', doc('## Contact\n\n## Contact'), 'would share the id "contact"'],
    ['a heading with the page’s id', doc('## Page heading'), 'would share the id "page-heading"'],
    ['no title', doc('Text', 'Last updated: 27 November 2026\n'), 'must open with its title'],
    ['no date', doc('Text', '# Privacy policy\n'), 'Last updated: <day> <Month> <year>'],
    ['an impossible date', doc('Text', '# Privacy policy\n\nLast updated: 31 February 2026\n'), 'is not a day of the calendar'],
    ['no body', doc('', '# Privacy policy\n\nLast updated: 27 November 2026\n'), 'has no body'],
  ])('refuses %s, naming the file', (_what, source, message) => {
    expect(() => render(source)).toThrow(expect.objectContaining({ message: expect.stringMatching(/^content\/legal\/test\.md: /) }));
    expect(() => render(source)).toThrow(message);
  });
});
