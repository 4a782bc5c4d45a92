import { useRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';

function Harness({ withInitialFocus = false }: { withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Assign Employee
      </button>
      <button type="button">Outside</button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Assign an employee"
        description="Pick a technician for this job."
        initialFocusRef={withInitialFocus ? saveRef : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button ref={saveRef}>Save</Button>
          </>
        }
      >
        <TextField label="Search employees" />
      </Modal>
    </>
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Assign Employee' }));
  return screen.getByRole('dialog', { name: 'Assign an employee' });
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a labelled modal dialog in a portal on document.body and focuses the first field', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Pick a technician for this job.');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
    expect(within(dialog).getByLabelText('Search employees')).toHaveFocus();
  });

  it('focuses initialFocusRef when given', async () => {
    const user = userEvent.setup();
    render(<Harness withInitialFocus />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('traps focus: Tab from the last element goes to the first, Shift+Tab from the first to the last', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await openDialog(user);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const search = within(dialog).getByLabelText('Search employees');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const save = within(dialog).getByRole('button', { name: 'Save' });

    expect(search).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Employee' })).toHaveFocus();
  });

  it('closes from the Close button and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Employee' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByText('Pick a technician for this job.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The backdrop is the dialog's parent element.
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks page scroll while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(document.body.style.overflow).toBe('');
    await openDialog(user);
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});
