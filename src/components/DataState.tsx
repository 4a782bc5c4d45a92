import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';
import styles from './DataState.module.css';

export interface DataStateProps {
  /** True while the first answer is awaited (not while refetching what is already shown). */
  isLoading: boolean;
  /** The readable message of a failed load (e.g. `messageOf(error)`), or null. */
  error: string | null;
  /** Offered as a Retry button with the error. */
  onRetry?: () => void;
  /** The spinner's accessible name, e.g. "Loading your services". */
  loadingLabel: string;
  /** The loaded content. */
  children: ReactNode;
}

/**
 * Loading, error with Retry, or the content. Empty states belong to the content, which knows what "nothing yet"
 * means for it.
 */
export function DataState({ isLoading, error, onRetry, loadingLabel, children }: DataStateProps) {
  if (isLoading) {
    return (
      <div className={styles.state}>
        <Spinner label={loadingLabel} showLabel />
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className={styles.state}>
        <Alert variant="error">{error}</Alert>
        {onRetry && (
          <Button variant="secondary" size="sm" startIcon={<RotateCcw aria-hidden="true" />} onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    );
  }
  return <>{children}</>;
}
