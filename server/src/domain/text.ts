/**
 * Text that people typed (names, plates, notes), made safe to print where others read it: e-mails and their
 * subject lines, the service report. Account names are up to 100 characters of anything, so without this a name
 * could start a new line in an e-mail ("Hello Ann\n\nYour invoice is overdue…"), hide bytes a terminal or mail
 * client acts on, or reverse the text after it (a bidi override makes "exe.pdf" read "fdp.exe").
 */

/** Line and paragraph breaks of every kind: CR, LF, VT, FF, NEL, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/gu;
/**
 * Control characters (C0, DEL, C1: tab included, line breaks are handled above) and the bidi embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069). Zero-width joiners stay: Sinhala and other scripts need them.
 */
const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

export interface PrintableOptions {
  /** Keep line breaks (as `\n`) — for a paragraph such as a job's notes; otherwise each becomes a space. */
  lineBreaks?: boolean;
}

/**
 * `text` with no control characters: every line break becomes a space (or `\n` with `lineBreaks`), a tab a space,
 * every other C0/C1 character and bidi control is dropped; runs of spaces left by that shrink to one, and the ends
 * are trimmed. Used for every piece of user-controlled text in e-mails (mail/texts.ts, notifications/texts.ts) and
 * in the service report (reports/pdf.ts).
 */
export function printable(text: string, { lineBreaks = false }: PrintableOptions = {}): string {
  const lines = text.replace(LINE_BREAKS, '\n').split('\n');
  const clean = lines.map((line) =>
    line
      .replace(/\t/g, ' ')
      .replace(CONTROLS, '')
      .replace(/ {2,}/g, ' '),
  );
  return lineBreaks
    ? clean
        .map((line) => line.trimEnd())
        .join('\n')
        .trim()
    : clean.join(' ').replace(/ {2,}/g, ' ').trim();
}
