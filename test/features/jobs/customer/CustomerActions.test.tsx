import { screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { HttpResponse } from 'msw';
import type { Appointment } from '@contract/appointments';
import { Component as CustomerDashboard } from '@/app/routes/customer/dashboard';
import { formatShortDate } from '@/features/jobs/format';
import { catalog, makeAppointment } from '../../../msw/shop';
import { renderWithProviders, signedIn } from '../../../utils/renderWithProviders';
import { apiError, availabilityOf, serveCustomerShop, type ShopOptions } from './customerTestUtils';

const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');
const northside = catalog.centers[1];

const CHANGED_ELSEWHERE = 'This appointment was changed by someone else. Reload and try again.';
const SLOT_FULL = 'That time slot is fully booked. Please choose another.';

const booked = makeAppointment({
  status: 'CONFIRMED',
  version: 3,
  vehicle: { id: 'v-1', plate: 'CAB-4821', make: 'Toyota', model: 'Corolla' },
  center: { id: northside.id, name: northside.name, address: northside.address },
  date: inDays(10),
  slot: '10:00',
  slotLabel: '10:00-11:00 AM',
  bay: 2,
  assignedEmployee: { id: 'e-1', fullName: 'Kasun Silva' },
});

/** The customer's one job, changeable per test: `state.jobs` is what the next GET /api/appointments answers. */
async function renderWithJob(options: Omit<ShopOptions, 'jobs'> = {}) {
  const state = { jobs: [booked] as Appointment[] };
  const recorder = serveCustomerShop({ jobs: () => state.jobs, ...options });
  const result = renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
  await result.user.click(await screen.findByRole('button', { name: /Toyota Corolla/ }));
  return { ...result, recorder, state };
}

const detailPanel = () => screen.getByRole('region', { name: 'Service Details' });
const dialog = () => screen.getByRole('dialog');

describe('Cancel Appointment', () => {
  test('asks to confirm; declining sends nothing and gives focus back', async () => {
    const { user, recorder } = await renderWithJob();
    const cancel = within(detailPanel()).getByRole('button', { name: 'Cancel Appointment' });
    await user.click(cancel);

    expect(screen.getByRole('dialog', { name: 'Cancel this appointment?' })).toHaveAccessibleDescription(
      `Oil Change for Toyota Corolla (CAB-4821) on ${formatShortDate(booked.date)} · 10:00-11:00 AM at Northside Service Centre. The time slot is given up.`,
    );
    // The safe choice has the focus.
    expect(within(dialog()).getByRole('button', { name: 'Keep Appointment' })).toHaveFocus();

    await user.click(within(dialog()).getByRole('button', { name: 'Keep Appointment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();

    await user.click(cancel);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(recorder.cancels).toEqual([]);
  });

  test('confirmed: sends the version seen, announces it and the list refreshes', async () => {
    const { user, recorder, state } = await renderWithJob({
      cancel: () => {
        state.jobs = [{ ...booked, status: 'CANCELLED', version: 4 }];
        return HttpResponse.json(state.jobs[0]);
      },
    });
    await user.click(within(detailPanel()).getByRole('button', { name: 'Cancel Appointment' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm Cancellation' }));

    const notice = await screen.findByText(`Your appointment for CAB-4821 on ${formatShortDate(booked.date)} · 10:00-11:00 AM was cancelled.`);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(recorder.cancels).toEqual([{ id: booked.id, body: { expectedVersion: 3 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The mutation invalidated the jobs: the list was read again and shows the cancellation.
    await waitFor(() => expect(screen.getByRole('button', { name: /Toyota Corolla/ })).toHaveTextContent('Cancelled'));
    expect(recorder.listRequests).toHaveLength(2);
    expect(within(detailPanel()).queryByRole('button', { name: 'Cancel Appointment' })).not.toBeInTheDocument();
    expect(within(detailPanel()).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  test('a 409 shows the server’s message; the list refreshes and a retry sends the new version', async () => {
    const { user, recorder, state } = await renderWithJob({
      cancel: (_id, body) => {
        if ((body as { expectedVersion: number }).expectedVersion === 3) {
          // Someone else changed it meanwhile (e.g. the admin assigned another technician).
          state.jobs = [{ ...booked, version: 4, assignedEmployee: { id: 'e-2', fullName: 'Ruwan Fernando' } }];
          return apiError(409, CHANGED_ELSEWHERE);
        }
        state.jobs = [{ ...state.jobs[0], status: 'CANCELLED', version: 5 }];
        return HttpResponse.json(state.jobs[0]);
      },
    });
    await user.click(within(detailPanel()).getByRole('button', { name: 'Cancel Appointment' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm Cancellation' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(CHANGED_ELSEWHERE);
    await waitFor(() => expect(recorder.listRequests).toHaveLength(2));
    await waitFor(() => expect(within(detailPanel()).getByText('Ruwan Fernando')).toBeInTheDocument());

    await user.click(within(dialog()).getByRole('button', { name: 'Confirm Cancellation' }));
    await screen.findByText(/was cancelled\.$/);
    expect(recorder.cancels.map((c) => c.body)).toEqual([{ expectedVersion: 3 }, { expectedVersion: 4 }]);
  });
});

describe('Reschedule', () => {
  const reschedule = async (user: Awaited<ReturnType<typeof renderWithJob>>['user']) => {
    await user.click(within(detailPanel()).getByRole('button', { name: 'Reschedule' }));
    const modal = screen.getByRole('dialog', { name: 'Reschedule appointment' });
    await within(modal).findByLabelText('Service Date');
    return modal;
  };

  test('picks a new date and free slot at the same centre; full slots are disabled; the move is announced', async () => {
    const { user, recorder, state } = await renderWithJob({
      availability: (date) => availabilityOf(date === inDays(12) ? ['09:00', '15:00'] : [], northside.bays),
      reschedule: (_id, body) => {
        const { date, slot } = body as { date: string; slot: string };
        state.jobs = [{ ...booked, date, slot, slotLabel: '11:00 AM-12:00 PM', version: 4 }];
        return HttpResponse.json(state.jobs[0]);
      },
    });
    const modal = await reschedule(user);
    const date = within(modal).getByLabelText('Service Date');
    const slot = within(modal).getByLabelText('Time Slot');

    // Starts on the current date; the first field has the focus.
    expect(date).toHaveFocus();
    expect(date).toHaveValue(booked.date);
    expect(date).toHaveAttribute('min', inDays(0));
    expect(date).toHaveAttribute('max', inDays(90));
    expect(slot).toHaveValue('');

    await user.clear(date);
    await user.type(date, inDays(12));
    await waitFor(() => expect(within(slot).getByRole('option', { name: '09:00-10:00 AM (full)' })).toBeDisabled());
    expect(within(slot).getByRole('option', { name: '03:00-04:00 PM (full)' })).toBeDisabled();
    expect(within(slot).getByRole('option', { name: '11:00 AM-12:00 PM' })).toBeEnabled();
    // Availability is asked for the job's own centre.
    expect(recorder.availabilityRequests.at(-1)?.get('centerId')).toBe(northside.id);
    expect(recorder.availabilityRequests.at(-1)?.get('date')).toBe(inDays(12));

    await user.selectOptions(slot, '11:00');
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reschedule' }));

    const notice = await screen.findByText(`Your appointment for CAB-4821 was moved to ${formatShortDate(inDays(12))} · 11:00 AM-12:00 PM.`);
    expect(notice.closest('[tabindex="-1"]')).toHaveFocus();
    expect(recorder.reschedules).toEqual([{ id: booked.id, body: { date: inDays(12), slot: '11:00', expectedVersion: 3 } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Toyota Corolla/ })).toHaveTextContent(`${formatShortDate(inDays(12))} · 11:00 AM-12:00 PM`));
  });

  test('asks for a date and a slot before sending anything', async () => {
    const { user, recorder } = await renderWithJob();
    const modal = await reschedule(user);

    await user.click(within(modal).getByRole('button', { name: 'Confirm Reschedule' }));
    expect(within(modal).getByLabelText('Time Slot')).toHaveAccessibleDescription('Time slot is required');

    await user.clear(within(modal).getByLabelText('Service Date'));
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reschedule' }));
    expect(within(modal).getByLabelText('Service Date')).toHaveAccessibleDescription('Service date is required');
    expect(within(modal).getByLabelText('Service Date')).toHaveAttribute('aria-invalid', 'true');
    expect(recorder.reschedules).toEqual([]);
  });

  test('a 409 shows the server’s message in the dialog, which stays open for another choice', async () => {
    let answer = apiError(409, SLOT_FULL);
    const { user, recorder } = await renderWithJob({ reschedule: () => answer });
    const modal = await reschedule(user);
    await user.selectOptions(within(modal).getByLabelText('Time Slot'), '14:00');
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reschedule' }));

    expect(await within(modal).findByRole('alert')).toHaveTextContent(SLOT_FULL);
    expect(screen.getByRole('dialog', { name: 'Reschedule appointment' })).toBeInTheDocument();
    await waitFor(() => expect(recorder.listRequests.length).toBeGreaterThanOrEqual(2));

    // Editing clears the message; a server field error goes to its field.
    answer = apiError(400, 'Validation failed', { slot: 'That time slot has already started. Please choose a later one.' });
    await user.selectOptions(within(modal).getByLabelText('Time Slot'), '09:00');
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reschedule' }));
    await waitFor(() =>
      expect(within(modal).getByLabelText('Time Slot')).toHaveAccessibleDescription('That time slot has already started. Please choose a later one.'),
    );
    expect(recorder.reschedules.map((r) => r.body)).toEqual([
      { date: booked.date, slot: '14:00', expectedVersion: 3 },
      { date: booked.date, slot: '09:00', expectedVersion: 3 },
    ]);
  });

  test('Keep Current Time closes the dialog and sends nothing', async () => {
    const { user, recorder } = await renderWithJob();
    const modal = await reschedule(user);
    await user.selectOptions(within(modal).getByLabelText('Time Slot'), '14:00');
    await user.click(within(modal).getByRole('button', { name: 'Keep Current Time' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(detailPanel()).getByRole('button', { name: 'Reschedule' })).toHaveFocus();
    expect(recorder.reschedules).toEqual([]);
  });

  test('a job in the past is moved from today on: its date is not offered', async () => {
    const overdue = { ...booked, date: '2020-01-01' };
    serveCustomerShop({ jobs: [overdue] });
    const { user } = renderWithProviders(<CustomerDashboard />, { route: '/dashboard', preloadedState: { auth: signedIn('CUSTOMER') } });
    await user.click(await screen.findByRole('button', { name: /Toyota Corolla/ }));
    const modal = await reschedule(user);
    expect(within(modal).getByLabelText('Service Date')).toHaveValue('');
    expect(within(modal).getByLabelText('Time Slot')).toHaveAccessibleDescription('Choose a date to see which slots are free.');
  });
});
