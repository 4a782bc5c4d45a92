import { boardQueries } from '@/features/jobs/board/boardQueries';
import { BOARD_COLUMN_STATUS } from '@/features/jobs/labels';

test('each column shows one status of its own', () => {
  expect(BOARD_COLUMN_STATUS).toEqual({ unassigned: 'PENDING', upcoming: 'CONFIRMED', ongoing: 'IN_PROGRESS' });
  expect(new Set(Object.values(BOARD_COLUMN_STATUS)).size).toBe(3);
});

test('from today on: awaiting and upcoming from today, ongoing whatever its date; counts over the same dates', () => {
  expect(boardQueries('2099-01-14', null)).toEqual({
    lists: {
      unassigned: { status: 'PENDING', from: '2099-01-14' },
      upcoming: { status: 'CONFIRMED', from: '2099-01-14' },
      ongoing: { status: 'IN_PROGRESS' },
    },
    counts: { unassigned: { from: '2099-01-14' }, upcoming: { from: '2099-01-14' }, ongoing: {} },
  });
});

test('with a day: every column and count is that day only (past days too)', () => {
  const range = { from: '2099-01-02', to: '2099-01-02' };
  expect(boardQueries('2099-01-14', '2099-01-02')).toEqual({
    lists: {
      unassigned: { status: 'PENDING', ...range },
      upcoming: { status: 'CONFIRMED', ...range },
      ongoing: { status: 'IN_PROGRESS', ...range },
    },
    counts: { unassigned: range, upcoming: range, ongoing: range },
  });
});
