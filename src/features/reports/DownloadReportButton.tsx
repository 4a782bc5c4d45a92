import { useEffect, useRef } from 'react';
import { Download } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Alert } from '@/components/Alert';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/Button';
import { useDownloadReportMutation } from './reportsApi';
import styles from './DownloadReportButton.module.css';

export const DOWNLOAD_REPORT = 'Download Report';
export const PREPARING_REPORT = 'Preparing report…';
export const REPORT_FAILED = 'The report could not be prepared. Please try again.';

export interface DownloadReportButtonProps {
  job: Pick<Appointment, 'id' | 'vehicle' | 'date'>;
  /**
   * Which job, when several buttons share a screen: the accessible name becomes "Download Report, <context>" (it
   * starts with the visible text, so speech input users can say what they see).
   */
  context?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** Focus returns to the button if the busy state dropped it, so keyboard users stay where they were. */
export function DownloadReportButton({ job, context, variant = 'secondary', size = 'md', fullWidth = false }: DownloadReportButtonProps) {
  const [download, { isLoading, isError, isSuccess, data, reset }] = useDownloadReportMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);

  useEffect(() => {
    // A disabled button loses focus in some browsers: give it back when the wait is over.
    if (wasBusy.current && !isLoading && document.activeElement === document.body) buttonRef.current?.focus();
    wasBusy.current = isLoading;
  }, [isLoading]);

  const label = isLoading ? PREPARING_REPORT : DOWNLOAD_REPORT;
  return (
    <div className={styles.wrapper}>
      <Button
        ref={buttonRef}
        variant={variant}
        size={size}
        fullWidth={fullWidth}
        loading={isLoading}
        startIcon={<Download aria-hidden="true" />}
        aria-label={context ? `${label}, ${context}` : undefined}
        onClick={() => {
          reset();
          void download({ id: job.id, vehicle: job.vehicle, date: job.date });
        }}
      >
        {label}
      </Button>
      <p className="visually-hidden" role="status">
        {isSuccess && data ? `Report downloaded: ${data.fileName}` : ''}
      </p>
      {isError && (
        <Alert variant="error" className={styles.alert} onDismiss={reset}>
          {REPORT_FAILED}
        </Alert>
      )}
    </div>
  );
}
