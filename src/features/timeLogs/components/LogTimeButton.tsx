import { memo } from 'react';
import { Clock } from 'lucide-react';
import { Button } from '@/components/Button';

interface LogTimeButtonProps {
  jobId: string;
  /** The id of the text naming the job (its vehicle), so a screen reader hears which job the button is for. */
  describedBy: string;
  onLogTime: (jobId: string) => void;
}

/** Log Time on a job's row: a time-log action that the jobs domain's row shows in its actions slot. */
export const LogTimeButton = memo(function LogTimeButton({ jobId, describedBy, onLogTime }: LogTimeButtonProps) {
  return (
    <Button size="sm" variant="secondary" startIcon={<Clock aria-hidden="true" />} aria-describedby={describedBy} onClick={() => onLogTime(jobId)}>
      Log Time
    </Button>
  );
});
