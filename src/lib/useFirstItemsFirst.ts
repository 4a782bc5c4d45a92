import { startTransition, useEffect, useState } from 'react';

/**
 * A long list in two steps: its first `first` items at once, the rest in a transition right after, which React renders
 * in slices between frames. The first frame then holds what a screen shows, is drawn sooner, and the rest follows
 * before anyone scrolls to it (on a phone the admin board's cards drew ~1,000 elements in the frame after sign-in).
 * Once the whole list has been shown, later changes show it whole at once.
 *
 * `shows` says which items count toward the first ones (a filtered list counts only the rows its filter shows; the
 * hidden ones among them are drawn too).
 */
export function useFirstItemsFirst<T>(items: readonly T[], first: number, shows: (item: T) => boolean = () => true): readonly T[] {
  const [whole, setWhole] = useState(false);
  const end = whole ? items.length : endOfFirst(items, first, shows);
  const longer = end < items.length;
  useEffect(() => {
    if (longer) startTransition(() => setWhole(true));
  }, [longer]);
  return longer ? items.slice(0, end) : items;
}

/** The index after the `first`-th item that shows (the list's length when fewer show). */
function endOfFirst<T>(items: readonly T[], first: number, shows: (item: T) => boolean): number {
  let shown = 0;
  for (let index = 0; index < items.length; index += 1) {
    if (shows(items[index]) && ++shown === first) return index + 1;
  }
  return items.length;
}
