import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The nice value of a render thread: lower priority than the main thread (0), so on a busy machine the scheduler
 * gives the core to the event loop that answers every other request first, and laying out PDFs takes what is left.
 */
export const RENDER_THREAD_NICE = 10;

/**
 * This thread's own id on Linux (`/proc/thread-self` → `<pid>/task/<tid>`), or null elsewhere. Linux keeps a nice
 * value per thread, and setpriority(2) given a thread id changes that thread only.
 */
function linuxThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to RENDER_THREAD_NICE and answers the nice value it now has, or null where
 * threads have no priority of their own (not Linux). Raising one's own nice value needs no privilege.
 */
export function lowerThisThreadsPriority(): number | null {
  const tid = linuxThreadId();
  if (tid === null) return null;
  setPriority(tid, RENDER_THREAD_NICE);
  return getPriority(tid);
}
