import { timeAgo } from '@/features/notifications/relativeTime';

const now = new Date('2030-06-01T12:00:00.000Z');
const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1_000), now);

describe('timeAgo', () => {
  test.each([
    [0, 'just now'],
    [44, 'just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [44 * 60, '44 minutes ago'],
    [60 * 60, '1 hour ago'],
    [3 * 3_600, '3 hours ago'],
    [24 * 3_600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [60 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
    [-2 * 3_600, 'in 2 hours'],
  ])('%i s ago → %s', (seconds, text) => {
    expect(ago(seconds)).toBe(text);
  });
});
