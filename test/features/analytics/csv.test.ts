import { analyticsCsv, csvField, csvFileName, toCsv } from '@/features/analytics/csv';
import { LAST_30 } from './fixtures';

describe('CSV fields (RFC 4180)', () => {
  test.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  test('numbers as they are; a missing figure empty', () => {
    expect(csvField(42000)).toBe('42000');
    expect(csvField(2.75)).toBe('2.75');
    expect(csvField(null)).toBe('');
  });

  test.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1 555', "'+1 555"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
  ])('text a spreadsheet would run as a formula gets an apostrophe: %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  test('rows end with CRLF', () => {
    expect(toCsv([['a', 1], [], ['b, c', null]])).toBe('a,1\r\n\r\n"b, c",\r\n');
  });
});

test('a technician named like a formula is exported as text', () => {
  const data = { ...LAST_30, technicians: [{ ...LAST_30.technicians[0], fullName: '=cmd|"/c calc"!A1' }] };
  expect(analyticsCsv(data, '30')).toContain('\r\n"\'=cmd|""/c calc""!A1",1,660,3,4.5,3,150,4,3,75\r\n');
});

test('the file is named by its period', () => {
  expect(csvFileName(LAST_30)).toBe('carcare-analytics-2030-05-05-to-2030-06-03.csv');
});
