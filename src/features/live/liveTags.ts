import type { LiveEventType } from '@contract/live';

/**
 * What each event kind makes stale: the tags of the domains that show the changed thing (app/liveTags.ts writes it,
 * so live itself knows no domain). A `Record` over the contract's kinds: a kind without tags fails the type-check.
 */
export type LiveTagMap = Readonly<Record<LiveEventType, readonly string[]>>;

/** After a break (or the server's `resync`) events may have been missed: every tag an event can invalidate. */
export function resyncTags(map: LiveTagMap): string[] {
  return [...new Set(Object.values(map).flat())];
}
