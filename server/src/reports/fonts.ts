import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The report's typefaces, embedded and subset by pdfkit (only the glyphs a document uses go into it):
 * - DejaVu Sans (npm `dejavu-fonts-ttf`) for everything it covers: Latin, Greek, Cyrillic, Armenian, Georgian,
 *   Hebrew, Arabic… — the PDF's built-in Helvetica covers Latin-1 only;
 * - Noto Sans Sinhala and Noto Sans Tamil (npm `@fontsource/noto-sans-sinhala` / `-tamil`, SIL Open Font License
 *   1.1; their script subsets, WOFF, which fontkit reads and pdfkit embeds as TrueType) for the shop's Sri Lankan
 *   names, which DejaVu prints as empty boxes. fontkit shapes them (conjuncts, reordered vowel signs).
 * Each piece of text is set run by run in the first of these that has its glyphs (textRuns below), so Latin stays
 * in DejaVu. CJK and the other Indic scripts still print as boxes.
 *
 * The files are read and parsed (fontkit) once per thread, at the first report, and the parsed fonts are shared by
 * every document: pdfkit takes a fontkit font as it is (it only reads it, and a document's fonts are laid out and
 * subset synchronously), so a report neither touches the disk nor parses a font.
 */
export type Weight = 'regular' | 'bold';

export interface Face {
  /** The name the document registers it under (`Regular`, `Sinhala-Bold`, …). */
  name: Record<Weight, string>;
  font: Record<Weight, fontkit.Font>;
}

export interface ReportFonts {
  /** DejaVu Sans, then the fallbacks, in the order a character looks for its glyph. */
  faces: Face[];
}

async function parse(path: string): Promise<fontkit.Font> {
  const font = fontkit.create(await readFile(path));
  if (!('layout' in font)) throw new Error(`${path} is a font collection, not a font`);
  return font;
}

/**
 * A regular and a bold file of one npm package. Found through the package's package.json (a module resolver of
 * its own, such as jest's file stubs for `.woff`, must not see the font files' names).
 */
async function face(name: string, packageName: string, regularFile: string, boldFile: string): Promise<Face> {
  const directory = dirname(require.resolve(`${packageName}/package.json`));
  const [regular, bold] = await Promise.all([parse(join(directory, regularFile)), parse(join(directory, boldFile))]);
  return { name: { regular: name, bold: name === 'Regular' ? 'Bold' : `${name}-Bold` }, font: { regular, bold } };
}

let loaded: Promise<ReportFonts> | undefined;

export function loadReportFonts(): Promise<ReportFonts> {
  loaded ??= Promise.all([
    face('Regular', 'dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf', 'ttf/DejaVuSans-Bold.ttf'),
    face('Sinhala', '@fontsource/noto-sans-sinhala', 'files/noto-sans-sinhala-sinhala-400-normal.woff', 'files/noto-sans-sinhala-sinhala-700-normal.woff'),
    face('Tamil', '@fontsource/noto-sans-tamil', 'files/noto-sans-tamil-tamil-400-normal.woff', 'files/noto-sans-tamil-tamil-700-normal.woff'),
  ]).then(
    (faces) => ({ faces }),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}

/** A stretch of text set in one face. */
export interface TextRun {
  face: Face;
  text: string;
}

/** Spaces, punctuation, digits, joiners and combining marks: they stay in the face of the text around them. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * `text` cut into runs, each in the first face that has a glyph for its characters (DejaVu unless a fallback has
 * it and DejaVu has not). A shared character (a space, ZWJ, a danda) stays in the current run when its face has it,
 * so a Sinhala name is one run and shapes as a whole. A character no face has stays in DejaVu (an empty box).
 */
export function textRuns(text: string, fonts: ReportFonts): TextRun[] {
  const [base] = fonts.faces;
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    let face: Face;
    if (current && SHARED.test(char) && current.face.font.regular.hasGlyphForCodePoint(codePoint)) face = current.face;
    else face = fonts.faces.find((candidate) => candidate.font.regular.hasGlyphForCodePoint(codePoint)) ?? base;
    if (current?.face === face) current.text += char;
    else {
      current = { face, text: char };
      runs.push(current);
    }
  }
  return runs;
}
