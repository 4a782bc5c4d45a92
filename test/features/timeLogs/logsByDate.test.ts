import type { TimeLog } from '@contract/timeLogs';
import { groupLogsByDate, isInRange, logsByDateOf, monthGridRange, monthMinutes, rangeForDay } from '@/features/timeLogs/logsByDate';
import { makeTimeLog } from '../../fixtures/shop';

function log(id: string, date: string, startTime: string, durationMinutes: number): TimeLog {
  return makeTimeLog({ id, date, startTime, endTime: '23:00', durationMinutes });
}

describe('the grid range a month fetches', () => {
  test.each([
    ['2026-11', '2026-11-01', '2026-12-12'], // starts on a Sunday
    ['2026-10', '2026-09-27', '2026-11-07'],
    ['2028-02', '2028-01-30', '2028-03-11'],
  ])('%s → %s … %s (42 days)', (month, from, to) => {
    expect(monthGridRange(month)).toEqual({ from, to });
  });

  test('a day in the visible grid uses its range; another day uses its own month\'s grid', () => {
    const november = monthGridRange('2026-11');
    expect(isInRange('2026-12-12', november)).toBe(true);
    expect(isInRange('2026-12-13', november)).toBe(false);
    expect(rangeForDay('2026-12-01', november)).toBe(november);
    expect(rangeForDay('2027-01-20', november)).toEqual(monthGridRange('2027-01'));
  });
});

describe('grouping by day', () => {
  const logs = [
    log('b', '2026-03-10', '13:00', 60),
    log('a', '2026-03-10', '08:00', 150),
    log('c', '2026-03-11', '09:00', 45),
    log('d', '2026-04-01', '09:00', 30),
  ];

  test("groups the logs by date, sorted by start time, and totals each day's durationMinutes", () => {
    const { byDate, minutesByDate } = groupLogsByDate(logs);
    expect(byDate.get('2026-03-10')?.map((l) => l.id)).toEqual(['a', 'b']);
    expect(byDate.get('2026-03-11')?.map((l) => l.id)).toEqual(['c']);
    expect(byDate.has('2026-03-12')).toBe(false);
    expect(minutesByDate.get('2026-03-10')).toBe(210);
    expect(minutesByDate.get('2026-03-11')).toBe(45);
  });

  test('the month total leaves out the grid days of other months', () => {
    const { minutesByDate } = groupLogsByDate(logs);
    expect(monthMinutes(minutesByDate, '2026-03')).toBe(255);
    expect(monthMinutes(minutesByDate, '2026-04')).toBe(30);
  });

  test('is computed once per answer (the same array gives the same grouping)', () => {
    const first = logsByDateOf(logs);
    expect(logsByDateOf(logs)).toBe(first);
    expect(logsByDateOf([...logs])).not.toBe(first);
  });

  test('10,000 logs are grouped into per-day totals', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      log(`l${i}`, `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`, '08:00', 90),
    );
    const { minutesByDate, byDate } = groupLogsByDate(many);
    expect(minutesByDate.size).toBe(84); // (i % 12, i % 28) repeats every lcm(12, 28) = 84 logs
    let total = 0;
    for (const value of minutesByDate.values()) total += value;
    expect(total).toBe(10_000 * 90);
    let count = 0;
    for (const day of byDate.values()) count += day.length;
    expect(count).toBe(10_000);
  });
});
