import { screen, waitFor, within } from '@testing-library/react';
import type { Appointment } from '@contract/appointments';
import type { Stage } from '@contract/statuses';
import { alertSpy, renderLoadedDashboard, rowValue, serviceRow, useFixedNow } from '../../../fixtures/technicianTestUtils';
import { technicianJob, technicianShop } from '../../../fixtures/technicianShop';

afterEach(() => jest.restoreAllMocks());

const NOW = '2026-03-10T09:00:00'; // local time
const STARTED = new Date(2026, 2, 9, 9).toISOString();
const ESTIMATE = new Date(2026, 2, 9, 10).toISOString();

const STATUS_OF = { not_started: 'CONFIRMED', in_progress: 'IN_PROGRESS', completed: 'COMPLETED' } as const;
type From = keyof typeof STATUS_OF;

function jobIn(status: From, overrides: Partial<Appointment> = {}): Appointment {
  return technicianJob({
    customerName: 'Amaya Jayasinghe',
    make: 'Toyota',
    model: 'Prius',
    plate: 'CAD-3312',
    date: '2026-03-10',
    version: 4,
    status: STATUS_OF[status],
    ...(status === 'in_progress' && { stage: 'IN_PROGRESS' as Stage, startedAt: STARTED, estimatedCompletion: ESTIMATE }),
    ...(status === 'completed' && { startedAt: STARTED, completedAt: ESTIMATE, progress: 100 }),
    ...overrides,
  });
}

async function openPanelFor(status: From, overrides: Partial<Appointment> = {}, serverNow = () => new Date(2026, 2, 10, 9, 15)) {
  useFixedNow(NOW);
  const alert = alertSpy();
  const job = jobIn(status, overrides);
  const shop = technicianShop({ jobs: [job], now: serverNow });
  const rendered = await renderLoadedDashboard();
  await rendered.user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  const dialog = screen.getByRole('dialog', { name: 'Update Status' });
  const select = (name: string) => within(dialog).getByRole('combobox', { name });
  const save = () => within(dialog).getByRole('button', { name: 'Save' });
  const patches = () => shop.requestsTo('PATCH', '/appointments');
  return { ...rendered, ...shop, job, alert, dialog, select, save, patches };
}

test('the panel is a dialog with a Status select of the three statuses, starting at the current one', async () => {
  const { dialog, select } = await openPanelFor('in_progress');
  expect(dialog).toHaveAccessibleDescription('Toyota Prius (CAD-3312) · Amaya Jayasinghe');
  expect(select('Status')).toHaveValue('in_progress');
  expect(select('Status')).toHaveFocus();
  expect(within(select('Status')).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
    ['Not Started', 'not_started'],
    ['In Progress', 'in_progress'],
    ['Completed', 'completed'],
  ]);
});

test('Save is disabled while the choice equals the current status; nothing is sent', async () => {
  const { user, select, save, alert, patches } = await openPanelFor('not_started');
  expect(save()).toBeDisabled();
  await user.selectOptions(select('Status'), 'completed');
  expect(save()).toBeEnabled();
  await user.selectOptions(select('Status'), 'not_started');
  expect(save()).toBeDisabled();
  await user.click(save());
  expect(alert).not.toHaveBeenCalled();
  expect(patches()).toHaveLength(0);
  expect(screen.getByRole('dialog', { name: 'Update Status' })).toBeInTheDocument();
});

test('the Stage select appears only once the choice is In Progress, with the three stages', async () => {
  const { user, dialog, select } = await openPanelFor('not_started');
  expect(within(dialog).queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
  await user.selectOptions(select('Status'), 'in_progress');
  expect(select('Stage')).toHaveValue('IN_PROGRESS');
  expect(within(select('Stage')).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
    ['In Progress', 'IN_PROGRESS'],
    ['Awaiting Parts', 'AWAITING_PARTS'],
    ['Quality Check', 'QUALITY_CHECK'],
  ]);
  await user.selectOptions(select('Status'), 'completed');
  expect(within(dialog).queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
});

test("not_started → in_progress sends the change with the job's version and announces the server's estimate", async () => {
  // The server's clock, not the browser's, decides the estimate: 09:15 + 1 h.
  const { user, dialog, select, save, alert, patches, job } = await openPanelFor('not_started');
  await user.selectOptions(select('Status'), 'in_progress');
  expect(within(dialog).getByText('Starting the job sets its start to now and its estimated completion one hour later.')).toBeInTheDocument();
  expect(select('Status')).toHaveAccessibleDescription('Starting the job sets its start to now and its estimated completion one hour later.');
  await user.click(save());

  await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
  expect(patches()).toEqual([{ method: 'PATCH', path: `/appointments/${job.id}/status`, query: {}, body: { status: 'in_progress', stage: 'IN_PROGRESS', expectedVersion: 4 } }]);
  expect(alert).toHaveBeenCalledWith('Service Started\nEstimated completion: Mar 10, 2026, 10:15 AM');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The row refetches and shows the server's dates and badge.
  const row = serviceRow('Amaya Jayasinghe');
  await waitFor(() => expect(within(row).getByText('In Progress')).toBeInTheDocument());
  expect(rowValue(row, 'Start')).toBe('Mar 10, 2026, 9:15 AM');
  expect(rowValue(row, 'Est. completion')).toBe('Mar 10, 2026, 10:15 AM');
});

test.each<[From, From, string]>([
  ['not_started', 'completed', 'Status updated to Completed'],
  ['in_progress', 'not_started', 'Status updated to Not Started'],
  ['in_progress', 'completed', 'Status updated to Completed'],
  ['completed', 'in_progress', 'Status updated to In Progress'],
  ['completed', 'not_started', 'Status updated to Not Started'],
])('%s → %s sends the change, alerts "%s", closes and returns the focus', async (from, to, message) => {
  const { user, select, save, alert, patches, job } = await openPanelFor(from);
  await user.selectOptions(select('Status'), to);
  await user.click(save());

  await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
  expect(alert).toHaveBeenCalledWith(message);
  const expected = to === 'in_progress' ? { status: to, stage: 'IN_PROGRESS', expectedVersion: 4 } : { status: to, expectedVersion: 4 };
  expect(patches().map((r) => [r.path, r.body])).toEqual([[`/appointments/${job.id}/status`, expected]]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' })).toHaveFocus();
});

test('a stage change alone is a change: Save enables, the stage is sent and announced', async () => {
  const { user, select, save, alert, patches, dialog } = await openPanelFor('in_progress');
  expect(select('Stage')).toHaveValue('IN_PROGRESS');
  expect(save()).toBeDisabled();
  await user.selectOptions(select('Stage'), 'AWAITING_PARTS');
  expect(save()).toBeEnabled();
  await user.selectOptions(select('Stage'), 'IN_PROGRESS');
  expect(save()).toBeDisabled();
  await user.selectOptions(select('Stage'), 'QUALITY_CHECK');
  await user.click(save());

  await waitFor(() => expect(alert).toHaveBeenCalledWith('Status updated to Quality Check'));
  expect(patches().map((r) => r.body)).toEqual([{ status: 'in_progress', stage: 'QUALITY_CHECK', expectedVersion: 4 }]);
  expect(dialog).not.toBeInTheDocument();
  await waitFor(() => expect(within(serviceRow('Amaya Jayasinghe')).getByText('Stage: Quality Check')).toBeInTheDocument());
});

test("a job in a later stage opens at that stage", async () => {
  const { select, save } = await openPanelFor('in_progress', { stage: 'AWAITING_PARTS' });
  expect(select('Stage')).toHaveValue('AWAITING_PARTS');
  expect(save()).toBeDisabled();
});

test("a job changed elsewhere (409) shows the server's message in the panel, keeps it open, and a retry uses the fresh version", async () => {
  const { user, select, save, alert, patches, state, dialog, store } = await openPanelFor('not_started');
  // Someone else changed the job meanwhile: the server's version moved on.
  state.jobs[0] = { ...state.jobs[0], version: 5 };
  await user.selectOptions(select('Status'), 'completed');
  await user.click(save());

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This appointment was changed by someone else. Reload and try again.');
  expect(alert).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Update Status' })).toBeInTheDocument();
  expect(select('Status')).toHaveValue('completed');

  // The lists refetched after the refusal (the Appointment tag), so the panel now holds version 5.
  await waitFor(() => {
    const open = Object.values(store.getState().api.queries).find((q) => q?.endpointName === 'getJobs' && q.status === 'fulfilled');
    expect((open?.data as Appointment[] | undefined)?.find((j) => j.id === state.jobs[0].id)?.version).toBe(5);
  });
  await user.click(save());
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Status updated to Completed'));
  expect(patches().map((r) => (r.body as { expectedVersion: number }).expectedVersion)).toEqual([4, 5]);
});

test('Cancel and Escape close the panel without sending anything', async () => {
  const { user, select, dialog, alert, patches } = await openPanelFor('not_started');
  await user.selectOptions(select('Status'), 'completed');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(within(serviceRow('Amaya Jayasinghe')).getByRole('button', { name: 'Update Status' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(alert).not.toHaveBeenCalled();
  expect(patches()).toHaveLength(0);
  expect(within(serviceRow('Amaya Jayasinghe')).getByText('Not Started')).toBeInTheDocument();
});
