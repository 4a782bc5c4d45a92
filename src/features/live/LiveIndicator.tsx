import { WifiOff } from 'lucide-react';
import type { LiveTagMap } from './liveTags';
import { useLiveUpdates } from './useLiveUpdates';
import styles from './LiveIndicator.module.css';

export const LIVE_PAUSED = 'Live updates paused — reconnecting…';

/**
 * Starts the tab's live updates (with the signed-in layout that renders it) and says so in the header when they
 * are down. The status region is always there (so the change is announced) and empty while connected.
 */
export function LiveIndicator({ tags }: { tags: LiveTagMap }) {
  const status = useLiveUpdates(tags);
  return (
    <div role="status" aria-label="Live updates" className="hidden-when-empty">
      {status === 'paused' && (
        <span className={styles.paused}>
          <WifiOff aria-hidden="true" />
          {LIVE_PAUSED}
        </span>
      )}
    </div>
  );
}
