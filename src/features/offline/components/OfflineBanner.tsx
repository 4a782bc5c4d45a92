import { CloudOff } from 'lucide-react';
import { useOnline } from '../useOffline';
import { OFFLINE_QUEUE_BANNER, OFFLINE_READ_ONLY_BANNER } from '../texts';
import styles from './OfflineBanner.module.css';

export interface OfflineBannerProps {
  /** 'queue': changes are kept and sent later (a technician); 'readOnly': changes are turned off (customers, admins). */
  mode: 'queue' | 'readOnly';
}

/**
 * Says so while the tab is offline. Rendering it starts the tab's offline machinery; the status region is always
 * there (so going offline is announced) and empty while online.
 */
export function OfflineBanner({ mode }: OfflineBannerProps) {
  const online = useOnline();
  return (
    <div role="status" className="hidden-when-empty">
      {!online && (
        <p className={styles.banner}>
          <CloudOff aria-hidden="true" />
          {mode === 'queue' ? OFFLINE_QUEUE_BANNER : OFFLINE_READ_ONLY_BANNER}
        </p>
      )}
    </div>
  );
}
