import { memo, useState } from 'react';
import { Package } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { JobPartsDialog } from './JobPartsDialog';

export interface JobPartsButtonProps {
  job: Appointment;
  /** The id of the text naming the job (its vehicle), so a screen reader hears which job the button is for. */
  describedBy: string;
}

/** "Parts used" on a technician's job row: opens the job's parts (the dialog gives the focus back when it closes). */
export const JobPartsButton = memo(function JobPartsButton({ job, describedBy }: JobPartsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" startIcon={<Package aria-hidden="true" />} aria-describedby={describedBy} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Parts used
      </Button>
      {open && <JobPartsDialog job={job} onClose={() => setOpen(false)} />}
    </>
  );
});
