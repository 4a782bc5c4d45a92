import { useEffect, useState } from 'react';
import { toDateKey } from './calendar';

/** The viewer's calendar date (`YYYY-MM-DD`), moving on by itself at local midnight while the page stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => toDateKey(new Date()));
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    // A second past midnight, so the new day has surely begun.
    const timer = window.setTimeout(() => setToday(toDateKey(new Date())), midnight.getTime() - now.getTime() + 1000);
    return () => window.clearTimeout(timer);
  }, [today]);
  return today;
}
