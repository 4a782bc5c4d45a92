import { screen, waitFor, within } from '@testing-library/react';
import { renderLoadedDashboard, useFixedNow } from '../../fixtures/technicianTestUtils';
import { technicianJob, technicianLog, technicianShop } from '../../fixtures/technicianShop';

/** The technician's side of time-log approval, in the dashboard's day panel. */

const APPROVED_LOCKED = 'This time log has been approved and can no longer be changed.';

afterEach(() => jest.restoreAllMocks());

async function renderDay() {
  useFixedNow('2026-11-03T16:00:00');
  const job = technicianJob({ customerName: 'Amaya Jayasinghe', make: 'Toyota', model: 'Prius', plate: 'CAD-3312', status: 'IN_PROGRESS', date: '2026-11-03' });
  const shop = technicianShop({
    jobs: [job],
    logs: [
      technicianLog({ id: 'L-sub', appointmentId: job.id, date: '2026-11-03', startTime: '08:00', endTime: '09:00', description: 'Engine diagnostics' }),
      technicianLog({ id: 'L-ok', date: '2026-11-03', startTime: '09:00', endTime: '10:30', description: 'Tool inventory', reviewState: 'APPROVED', reviewedAt: '2026-11-03T12:00:00.000Z', version: 2 }),
      technicianLog({ id: 'L-no', date: '2026-11-03', startTime: '11:00', endTime: '11:30', description: 'Workshop tidy-up', reviewState: 'REJECTED', reviewReason: 'Not billable: please log it as cleaning.', version: 2 }),
    ],
  });
  const rendered = await renderLoadedDashboard();
  const panel = screen.getByRole('region', { name: 'Logs for November 3, 2026' });
  await within(panel).findByText('Engine diagnostics');
  const entry = (description: string) => within(panel).getByText(description).closest('article') as HTMLElement;
  return { ...rendered, ...shop, panel, entry };
}

test('each log shows its state; a rejected one shows the reason; an approved one has no Edit or Delete', async () => {
  const { entry } = await renderDay();

  const submitted = entry('Engine diagnostics');
  expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
  expect(within(submitted).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  expect(within(submitted).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

  const approved = entry('Tool inventory');
  expect(within(approved).getByText('Approved')).toBeInTheDocument();
  expect(within(approved).getByText('Approved entries can no longer be changed.')).toBeInTheDocument();
  expect(within(approved).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(within(approved).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

  const rejected = entry('Workshop tidy-up');
  expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
  expect(within(rejected).getByText(/^Reason:/).parentElement).toHaveTextContent('Reason: Not billable: please log it as cleaning. Edit the entry to resubmit it, or delete it.');
  expect(within(rejected).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  expect(within(rejected).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});

test('editing a rejected log resubmits it: it shows Submitted and the reason is gone', async () => {
  const { user, entry, requestsTo } = await renderDay();
  await user.click(within(entry('Workshop tidy-up')).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.clear(within(dialog).getByLabelText('Description'));
  await user.type(within(dialog).getByLabelText('Description'), 'Cleaning the bays');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requestsTo('PUT', '/time-logs')).toEqual([
    { method: 'PUT', path: '/time-logs/L-no', query: {}, body: { appointmentId: null, date: '2026-11-03', startTime: '11:00', endTime: '11:30', description: 'Cleaning the bays' } },
  ]);
  const resubmitted = await waitFor(() => entry('Cleaning the bays'));
  expect(within(resubmitted).getByText('Submitted')).toBeInTheDocument();
  expect(within(resubmitted).queryByText(/^Reason:/)).not.toBeInTheDocument();
});

test("a delete the server refuses because the log was approved meanwhile shows the server's message, and the log then shows Approved", async () => {
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user, entry, state, panel } = await renderDay();
  // The admin approves it while the technician still sees it as submitted.
  const log = state.logs.find((candidate) => candidate.id === 'L-sub')!;
  state.logs = state.logs.map((candidate) => (candidate === log ? { ...log, reviewState: 'APPROVED', version: 2 } : candidate));

  await user.click(within(entry('Engine diagnostics')).getByRole('button', { name: 'Delete' }));

  expect(await within(panel).findByRole('alert')).toHaveTextContent(APPROVED_LOCKED);
  await waitFor(() => expect(within(entry('Engine diagnostics')).getByText('Approved')).toBeInTheDocument());
  expect(within(entry('Engine diagnostics')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

test("an edit the server refuses because the log was approved meanwhile shows the server's message in the form", async () => {
  const { user, entry, state } = await renderDay();
  await user.click(within(entry('Engine diagnostics')).getByRole('button', { name: 'Edit' }));
  state.logs = state.logs.map((candidate) => (candidate.id === 'L-sub' ? { ...candidate, reviewState: 'APPROVED', version: 2 } : candidate));
  const dialog = screen.getByRole('dialog', { name: 'Log Time' });
  await user.type(within(dialog).getByLabelText('Description'), ' (updated)');
  await user.click(within(dialog).getByRole('button', { name: 'Save Log' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(APPROVED_LOCKED);
});
