import {
  formatDecimalHours,
  formatDuration,
  isStartBeforeEnd,
  isValidTimeLog,
  liveDuration,
  parseTime,
  toHHMM,
  wrappedMinutesBetween,
} from '@/features/timeLogs/duration';

describe('formatDuration (Xh Ym)', () => {
  test.each([
    [150, '2h 30m'],
    [45, '0h 45m'],
    [0, '0h 0m'],
    [60, '1h 0m'],
    [1439, '23h 59m'],
    [-5, '0h 0m'],
    [90.9, '1h 30m'],
  ])('%d minutes → %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe('parseTime', () => {
  test.each([
    ['00:00', 0],
    ['09:30', 570],
    ['23:59', 1439],
    ['08:15:30', 495],
  ])('%s → %d', (value, minutes) => {
    expect(parseTime(value)).toBe(minutes);
  });

  test.each(['', '24:00', '9:30', '12:60', 'noon'])('%p is not a time', (value) => {
    expect(parseTime(value)).toBeNull();
  });
});

describe('live duration display (wraps past midnight)', () => {
  test.each([
    ['09:00', '11:30', '2h 30m'],
    ['10:15', '11:00', '0h 45m'],
    ['22:00', '01:00', '3h 0m'],
    ['23:45', '00:15', '0h 30m'],
    ['08:00', '08:00', '0h 0m'],
    ['', '10:00', '0h 0m'],
    ['09:00', '', '0h 0m'],
  ])('start %p end %p shows %s', (start, end, text) => {
    expect(liveDuration(start, end)).toBe(text);
  });

  test('wrappedMinutesBetween is null while a time is missing', () => {
    expect(wrappedMinutesBetween('', '10:00')).toBeNull();
    expect(wrappedMinutesBetween('22:00', '01:00')).toBe(180);
  });
});

describe('save rule (literal: start strictly before end on the date)', () => {
  const valid = { description: 'Replaced brake pads', startTime: '09:00', endTime: '11:30' };

  test('a described range with start before end is valid', () => {
    expect(isValidTimeLog(valid)).toBe(true);
  });

  test('an empty or whitespace-only description is refused', () => {
    expect(isValidTimeLog({ ...valid, description: '' })).toBe(false);
    expect(isValidTimeLog({ ...valid, description: '   \n ' })).toBe(false);
  });

  test('a 0h 0m duration (start equal to end) is refused', () => {
    expect(isValidTimeLog({ ...valid, startTime: '10:00', endTime: '10:00' })).toBe(false);
  });

  test('an end before the start is refused even though the display wraps it', () => {
    expect(liveDuration('22:00', '01:00')).toBe('3h 0m');
    expect(isStartBeforeEnd('22:00', '01:00')).toBe(false);
    expect(isValidTimeLog({ ...valid, startTime: '22:00', endTime: '01:00' })).toBe(false);
  });

  test('missing times are refused', () => {
    expect(isValidTimeLog({ ...valid, startTime: '' })).toBe(false);
    expect(isValidTimeLog({ ...valid, endTime: '' })).toBe(false);
  });
});

describe('what is sent and shown', () => {
  test('toHHMM keeps HH:MM of a time input value (seconds dropped)', () => {
    expect(toHHMM('09:05')).toBe('09:05');
    expect(toHHMM('09:05:30')).toBe('09:05');
  });

  test.each([
    [210, '3.5h'],
    [180, '3h'],
    [45, '0.8h'],
    [100, '1.7h'],
    [2, '0.1h'],
    [0, '0h'],
  ])('calendar label for %d minutes is %s', (minutes, label) => {
    expect(formatDecimalHours(minutes)).toBe(label);
  });
});
