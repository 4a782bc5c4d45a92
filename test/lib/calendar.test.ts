import {
  CALENDAR_CELLS,
  WEEKDAYS,
  formatDayLabel,
  formatMonthLabel,
  isDateKey,
  monthGrid,
  monthOfDate,
  parseDateKey,
  parseMonthKey,
  shiftDate,
  shiftDateByMonths,
  shiftMonth,
  startOfWeekKey,
  toDateKey,
  toMonthKey,
  toWeeks,
} from '@/lib/calendar';

function positions(month: string) {
  const days = monthGrid(month);
  const inMonth = days.filter((d) => d.inMonth);
  return {
    days,
    first: days.findIndex((d) => d.inMonth),
    last: days.length - 1 - [...days].reverse().findIndex((d) => d.inMonth),
    count: inMonth.length,
  };
}

describe('monthGrid', () => {
  test.each([
    // month, first cell date, index of the 1st, index of the last day, days in month, last cell date
    ['2026-02', '2026-02-01', 0, 27, 28, '2026-03-14'], // starts on Sunday, 28 days
    ['2026-11', '2026-11-01', 0, 29, 30, '2026-12-12'], // starts on Sunday
    ['2026-08', '2026-07-26', 6, 36, 31, '2026-09-05'], // starts on Saturday, 31 days
    ['2028-02', '2028-01-30', 2, 30, 29, '2028-03-11'], // leap-year February, starts on Tuesday
  ])('%s: 42 cells, first cell %s, the 1st at %i, the last day at %i', (month, firstCell, first, last, count, lastCell) => {
    const grid = positions(month);
    expect(grid.days).toHaveLength(CALENDAR_CELLS);
    expect(CALENDAR_CELLS).toBe(42);
    expect(grid.days[0].date).toBe(firstCell);
    expect(grid.days[0].weekday).toBe(0);
    expect(grid.first).toBe(first);
    expect(grid.days[first].dayOfMonth).toBe(1);
    expect(grid.last).toBe(last);
    expect(grid.days[last].dayOfMonth).toBe(count);
    expect(grid.count).toBe(count);
    expect(grid.days[41].date).toBe(lastCell);
  });

  test('every cell is one day after the previous and the weekdays cycle Sunday to Saturday', () => {
    const days = monthGrid('2026-03'); // contains the US/EU daylight-saving change
    days.forEach((day, i) => {
      expect(day.weekday).toBe(i % 7);
      if (i > 0) expect(day.date).toBe(shiftDate(days[i - 1].date, 1));
    });
  });

  test('leading and trailing days belong to the neighbouring months and are marked outside', () => {
    const days = monthGrid('2028-02');
    expect(days.slice(0, 2).map((d) => [d.date, d.inMonth])).toEqual([
      ['2028-01-30', false],
      ['2028-01-31', false],
    ]);
    expect(days.find((d) => d.date === '2028-02-29')?.inMonth).toBe(true);
    expect(days[31]).toEqual({ date: '2028-03-01', dayOfMonth: 1, weekday: 3, inMonth: false });
  });

  test('toWeeks splits the grid into 6 rows of 7 starting on Sunday', () => {
    const weeks = toWeeks(monthGrid('2026-11'));
    expect(weeks).toHaveLength(6);
    weeks.forEach((week) => {
      expect(week).toHaveLength(7);
      expect(week[0].weekday).toBe(0);
      expect(week[6].weekday).toBe(6);
    });
  });
});

describe('keys and labels', () => {
  test('weekday headers run Sun to Sat', () => {
    expect(WEEKDAYS.map((d) => d.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  test('month and day labels', () => {
    expect(formatMonthLabel('2026-11')).toBe('November 2026');
    expect(formatDayLabel('2026-11-03')).toBe('November 3, 2026');
  });

  test('shifting months and days across year ends and month lengths', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDateByMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDateByMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(startOfWeekKey('2026-03-10')).toBe('2026-03-08');
    expect(monthOfDate('2026-03-10')).toBe('2026-03');
  });

  test('date keys round-trip in local time and malformed keys are rejected', () => {
    expect(toDateKey(parseDateKey('2026-03-10'))).toBe('2026-03-10');
    expect(toMonthKey(parseMonthKey('2026-03'))).toBe('2026-03');
    expect(isDateKey('2028-02-29')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('2026-2-1')).toBe(false);
    expect(isDateKey('')).toBe(false);
    expect(() => parseDateKey('2026-13-01')).toThrow(RangeError);
    expect(() => parseMonthKey('2026-13')).toThrow(RangeError);
  });
});
