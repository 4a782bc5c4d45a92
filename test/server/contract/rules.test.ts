import { EMAIL_MAX_LENGTH, EMAIL_REGEX, earliestTimeLogDate, timeLogDateError } from '../../../server/src/contract/rules';

/** contract/rules.ts: the rules the server's schemas and the SPA's forms share. */

describe('the e-mail rule', () => {
  it.each([
    'a@b.co',
    'sam@example.com',
    'First.Last+tag@mail.example.com',
    "o'brien@example.ie",
    'under_score-dash@sub-domain.example.org',
    'user@xn--80ak6aa92e.com',
    'user@example.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
  ])('accepts %s', (email) => {
    expect(EMAIL_REGEX.test(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    '@example.com',
    'a@',
    'a@@example.com',
    'a@b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a..b@example.com',
    'a@.example.com',
    'a@example..com',
    'a@-example.com',
    'a@example-.com',
    'a@example.123',
    'a@127.0.0.1',
    'two words@example.com',
    ' a@example.com',
    'a@example.com ',
    'a@example.com\n',
    'a?cc=b@example.com',
    'a@example.com?cc=b@example.com',
    'a&body=x@example.com',
    'a@example.com&body=x',
    'a#b@example.com',
    'a%40b@example.com',
    'a/b@example.com',
    'a=b@example.com',
    'a"b"@example.com',
    'ä@example.com',
    'a@exämple.com',
    `${'a'.repeat(65)}@example.com`,
    `${'a'.repeat(150)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
  ])('refuses %j', (email) => {
    expect(EMAIL_REGEX.test(email)).toBe(false);
  });

  it('bounds the local part itself, and leaves the whole length (254) to the maxLength beside it', () => {
    const long = `${'a'.repeat(64)}@${`${'b'.repeat(63)}.`.repeat(4)}com`;
    expect(long.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(EMAIL_REGEX.test(long)).toBe(true);
  });
});

describe("a time log's date", () => {
  const bounds = { today: '2030-06-03', maxAgeDays: 60, oldest: '2030-04-04' };

  it('is today at the latest, maxAgeDays back at the earliest', () => {
    expect(timeLogDateError('2030-06-03', bounds)).toBeNull();
    expect(timeLogDateError('2030-04-04', bounds)).toBeNull();
    expect(timeLogDateError('2030-06-04', bounds)).toBe('Date cannot be in the future');
    expect(timeLogDateError('2030-04-03', bounds)).toBe('Date cannot be more than 60 days ago');
    expect(timeLogDateError('0001-01-01', bounds)).toBe('Date cannot be more than 60 days ago');
    expect(timeLogDateError('2030-06-02', { today: '2030-06-03', maxAgeDays: 1, oldest: '2030-06-02' })).toBeNull();
    expect(timeLogDateError('2030-06-01', { today: '2030-06-03', maxAgeDays: 1, oldest: '2030-06-02' })).toBe('Date cannot be more than 1 day ago');
  });

  it('is not before the day its job was booked, when that is the later bound', () => {
    const onJob = { ...bounds, bookedOn: '2030-05-20' };
    expect(earliestTimeLogDate(onJob)).toBe('2030-05-20');
    expect(timeLogDateError('2030-05-20', onJob)).toBeNull();
    expect(timeLogDateError('2030-05-19', onJob)).toBe('Date cannot be before the job was booked');
    const bookedLongAgo = { ...bounds, bookedOn: '2029-01-01' };
    expect(earliestTimeLogDate(bookedLongAgo)).toBe('2030-04-04');
    expect(timeLogDateError('2030-04-03', bookedLongAgo)).toBe('Date cannot be more than 60 days ago');
    expect(earliestTimeLogDate(bounds)).toBe('2030-04-04');
  });
});
