/**
 * domain/text.ts: what people typed, made safe to print in e-mails and the service report — no line breaks where
 * one line is meant, no control characters, no bidi overrides; the rest (accents, other scripts, joiners) kept.
 */
import { printable } from '../../../server/src/domain/text';

describe('printable', () => {
  it('makes every kind of line break one space: CR, LF, CRLF, VT, FF, NEL, line and paragraph separators', () => {
    expect(printable('Ann\r\nBcc: eve@example.com')).toBe('Ann Bcc: eve@example.com');
    expect(printable('a\rb\nc\u000Bd\u000Ce\u0085f\u2028g\u2029h')).toBe('a b c d e f g h');
    expect(printable('Ann\n\n\nLee')).toBe('Ann Lee');
  });

  it('drops the other C0 and C1 control characters and DEL, and makes a tab a space', () => {
    expect(printable('A\u0000n\u0007n\u001B[31m')).toBe('Ann[31m');
    expect(printable('Ann\u007F\u0080\u009B\u009FLee')).toBe('AnnLee');
    expect(printable('Ann\tLee')).toBe('Ann Lee');
  });

  it('drops bidi embeddings, overrides and isolates, so the text reads in the order it was typed', () => {
    expect(printable('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(printable('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069Ann')).toBe('Ann');
  });

  it('keeps letters of every script, accents and the joiners Sinhala needs; shrinks runs of spaces and trims', () => {
    expect(printable('Zoë Łukasiewicz')).toBe('Zoë Łukasiewicz');
    expect(printable('ශ්‍රී ලංකා')).toBe('ශ්‍රී ලංකා');
    expect(printable('ශ්‍රී').includes('\u200D')).toBe(true);
    expect(printable('குமார் செல்வம்')).toBe('குமார் செல்வம்');
    expect(printable('  Ann   \n  Lee  ')).toBe('Ann Lee');
    expect(printable('\r\n\u0000')).toBe('');
  });

  it('keeps line breaks as \\n when asked (a paragraph such as a job’s notes), still dropping the controls in them', () => {
    expect(printable('First line\r\nSecond\u0007 line\u2028Third\n\nLast  ', { lineBreaks: true })).toBe('First line\nSecond line\nThird\n\nLast');
    expect(printable('a\u202Eb\tc', { lineBreaks: true })).toBe('ab c');
  });
});
