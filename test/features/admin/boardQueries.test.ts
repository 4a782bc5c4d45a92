import { boardQueries, COLUMN_STATUS } from '@/features/admin/boardQueries';
import { BOARD_COLUMN_OF } from '@/features/jobs/labels';

test('each column shows one status, the inverse of the board mapping', () => {
  for (const [column, status] of Object.entries(COLUMN_STATUS)) expect(BOARD_COLUMN_OF[status]).toBe(column);
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
