import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { useFirstItemsFirst } from '@/lib/useFirstItemsFirst';

/** A list that records how many items each of its commits drew. */
function List({ items, first, commits }: { items: string[]; first: number; commits: number[] }) {
  const drawn = useFirstItemsFirst(items, first);
  useLayoutEffect(() => {
    commits.push(drawn.length);
  });
  return (
    <ul>
      {drawn.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `Job ${i + 1}`);

describe('useFirstItemsFirst', () => {
  it('draws the first items in the first commit and the whole list in the next', () => {
    const commits: number[] = [];
    render(<List items={names(20)} first={3} commits={commits} />);
    expect(commits).toEqual([3, 20]);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('when the items arrive later (an empty list first), draws them in the same two steps', () => {
    const commits: number[] = [];
    const { rerender } = render(<List items={[]} first={3} commits={commits} />);
    rerender(<List items={names(8)} first={3} commits={commits} />);
    expect(commits).toEqual([0, 3, 8]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(names(8));
  });

  it('a short list is drawn whole at once; once whole, a longer list is too', () => {
    const commits: number[] = [];
    const { rerender } = render(<List items={names(2)} first={3} commits={commits} />);
    expect(commits).toEqual([2]);
    rerender(<List items={names(10)} first={3} commits={commits} />);
    expect(commits).toEqual([2, 3, 10]);
    rerender(<List items={names(15)} first={3} commits={commits} />);
    expect(commits).toEqual([2, 3, 10, 15]);
  });
});

describe('useFirstItemsFirst with a filter', () => {
  /** Odd-numbered jobs only count: the first three that show are Job 1, Job 3 and Job 5. */
  function Filtered({ items, commits }: { items: string[]; commits: string[][] }) {
    const drawn = useFirstItemsFirst(items, 3, (item) => Number(item.split(' ')[1]) % 2 === 1);
    useLayoutEffect(() => {
      commits.push([...drawn]);
    });
    return null;
  }

  it('counts only the items that show toward the first ones', () => {
    const commits: string[][] = [];
    render(<Filtered items={names(10)} commits={commits} />);
    expect(commits).toEqual([names(5), names(10)]);
  });

  it('draws the whole list at once when fewer than the first ones show', () => {
    const commits: string[][] = [];
    render(<Filtered items={['Job 2', 'Job 4', 'Job 5', 'Job 6']} commits={commits} />);
    expect(commits).toEqual([['Job 2', 'Job 4', 'Job 5', 'Job 6']]);
  });
});
