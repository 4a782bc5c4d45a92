import { lazy, memo, Suspense, useState } from 'react';
import { ClipboardPlus } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';

// Its forms (react-hook-form, yup) load on the first click, not with the dashboard (its route budget).
const ExtraWorkDialog = lazy(() => import(/* webpackChunkName: "extra-work" */ './ExtraWorkDialog').then((m) => ({ default: m.ExtraWorkDialog })));

export interface ExtraWorkButtonProps {
  job: Appointment;
  /** The id of the text naming the job (its vehicle), so a screen reader hears which job the button is for. */
  describedBy?: string;
  /** Or the job in words, for the button's name ("Extra work, Toyota Camry CAB-1234"): an admin's board card. */
  context?: string;
}

/**
 * "Extra work" on a technician's job row, or on an in-progress card of the admin's board: the job's estimate items and
 * Propose extra work.
 */
export const ExtraWorkButton = memo(function ExtraWorkButton({ job, describedBy, context }: ExtraWorkButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button size="sm" variant="secondary" startIcon={<ClipboardPlus aria-hidden="true" />} aria-describedby={describedBy} aria-label={context && `Extra work, ${context}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Extra work
      </Button>
      {open && (
        <Suspense
          fallback={
            <Modal open size="lg" title="Extra work" onClose={close}>
              <Spinner label="Loading the job’s extra work" showLabel />
            </Modal>
          }
        >
          <ExtraWorkDialog job={job} onClose={close} />
        </Suspense>
      )}
    </>
  );
});
