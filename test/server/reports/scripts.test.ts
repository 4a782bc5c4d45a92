/**
 * The report's text as a reader sees it: Sinhala and Tamil names print in their own glyphs (Noto Sans Sinhala and
 * Noto Sans Tamil, embedded as subsets beside DejaVu Sans, chosen run by run), never as empty boxes; and names are
 * printed as one plain line, whatever control characters, line breaks or bidi overrides their owners put in them.
 */
import { type Shop, startShop } from '../helpers/shop';
import { allLines, embeddedFonts, getReport, logTime, pdfText, shownGlyphIds, workedJob } from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d' } });
});

afterAll(async () => {
  await shop?.close();
});

const SINHALA = 'සුනිල් පෙරේරා';
const TAMIL = 'குமார் செல்வம்';

describe('Sinhala and Tamil names', () => {
  it('print in Noto Sans Sinhala and Noto Sans Tamil, Latin stays in DejaVu Sans, and no glyph is an empty box', async () => {
    const { technician, job } = await workedJob(shop, '09:00', { customer: SINHALA, technician: TAMIL, make: 'Toyota' });
    await logTime(shop, technician, job.id, '09:05', '09:50', `${SINHALA}ගේ වාහනය: brake pads replaced`);
    const response = await getReport(shop.app, job.id, shop.admin.token);
    expect(response.status).toBe(200);

    expect(embeddedFonts(response.bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'NotoSansSinhala-Regular', 'NotoSansTamil-Regular']);
    const glyphs = shownGlyphIds(response.bytes);
    expect(glyphs.length).toBeGreaterThan(100);
    expect(glyphs).not.toContain(0);

    // pdf.js reads the glyphs back as text. Shaped Indic text comes back in the order its glyphs are drawn (a vowel
    // sign written before its consonant is read first), so the words are compared where that order is the typed one.
    const lines = allLines(await pdfText(response.bytes));
    expect(lines).toContainEqual(expect.stringMatching(/^සුනිල් \S+ RPT 0900$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Completed குமார் \S+$/));
    expect(lines.join('\n')).toContain('brake pads replaced');
  });

  it('embeds subsets: the Sinhala and Tamil names add a few kilobytes, not the fonts', async () => {
    const latin = await workedJob(shop, '10:00', { customer: 'Sunil Perera', technician: 'Kumar Selvam' });
    const local = await workedJob(shop, '11:00', { customer: SINHALA, technician: TAMIL });
    const latinPdf = (await getReport(shop.app, latin.job.id, shop.admin.token)).bytes;
    const localPdf = (await getReport(shop.app, local.job.id, shop.admin.token)).bytes;

    expect(embeddedFonts(latinPdf)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    // The whole Noto Sans Sinhala file alone is 58 KB compressed; the glyphs of two names are a few.
    expect(localPdf.length - latinPdf.length).toBeLessThan(15_000);
  });

  it('the check for empty boxes finds them: a script no embedded font covers prints .notdef', async () => {
    const { job } = await workedJob(shop, '14:00', { customer: '王小明' });
    const bytes = (await getReport(shop.app, job.id, shop.admin.token)).bytes;
    expect(shownGlyphIds(bytes)).toContain(0);
  });
});

describe('names with control characters', () => {
  it('print as one plain line: line breaks become spaces, control characters and bidi overrides are dropped', async () => {
    const { job } = await workedJob(shop, '15:00', { customer: 'Mallory\r\nBcc:\u0007 Eve\u202Egnp', technician: 'Ivo\u2028Đurić', make: 'Evil\nCar' });
    const response = await getReport(shop.app, job.id, shop.admin.token);
    const text = await pdfText(response.bytes);
    const lines = allLines(text);

    expect(lines).toContain('Mallory Bcc: Evegnp RPT 1500');
    expect(lines).toContainEqual(expect.stringMatching(/^.+ Evil Car Axio$/));
    expect(lines).toContain('Completed Ivo Đurić');
    expect(lines).toContainEqual(expect.stringMatching(/ Assigned to Ivo Đurić Administrator$/));
    expect(lines.join(' ')).not.toMatch(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u);
  });
});
