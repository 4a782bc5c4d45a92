import { lazy, memo, Suspense, useState } from 'react';
import { Package } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';

// Its forms (react-hook-form, yup) load on the first click, not with the dashboard (its route budget).
const JobPartsDialog = lazy(() => import(/* webpackChunkName: "job-parts" */ './JobPartsDialog').then((m) => ({ default: m.JobPartsDialog })));

export interface JobPartsButtonProps {
  job: Appointment;
  /** The id of the text naming the job (its vehicle), so a screen reader hears which job the button is for. */
  describedBy: string;
}

/** "Parts used" on a technician's job row: opens the job's parts (the dialog gives the focus back when it closes). */
export const JobPartsButton = memo(function JobPartsButton({ job, describedBy }: JobPartsButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button size="sm" variant="secondary" startIcon={<Package aria-hidden="true" />} aria-describedby={describedBy} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Parts used
      </Button>
      {open && (
        <Suspense
          fallback={
            <Modal open size="lg" title="Parts used" onClose={close}>
              <Spinner label="Loading the job’s parts" showLabel />
            </Modal>
          }
        >
          <JobPartsDialog job={job} onClose={close} />
        </Suspense>
      )}
    </>
  );
});
