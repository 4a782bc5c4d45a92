import { idsByStatus } from '@/lib/groupIds';

test('groups ids by the listed statuses, with an empty set for a status nobody has', () => {
  const items = [
    { id: 'a', status: 'open' },
    { id: 'b', status: 'done' },
    { id: 'c', status: 'open' },
  ] as const;
  const groups = idsByStatus(items, ['open', 'done', 'parked'] as const);
  expect([...groups.open]).toEqual(['a', 'c']);
  expect([...groups.done]).toEqual(['b']);
  expect(groups.parked.size).toBe(0);
});
