import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { setupStore } from '@/app/store';
import type { EmployeeServiceStatus } from '@/features/services/types';
import EmployeeDashboard from '@/features/employee/EmployeeDashboard';
import { formatMonthLabel, shiftMonth, toMonthKey } from '@/lib/calendar';
import { signedIn } from '../../utils/renderWithProviders';
import { job, timeLog } from './employeeTestUtils';

const STATUSES: EmployeeServiceStatus[] = ['not_started', 'in_progress', 'completed'];

/**
 * Plain DOM look-ups: on a page with 1,000 rows Testing Library's *ByRole / *ByLabelText queries take minutes in
 * jsdom (they compute every element's accessible name), so this test avoids them.
 */
function buttonByText(text: string): HTMLElement {
  return screen.getByText(text, { selector: 'button' });
}

function buttonByLabel(container: HTMLElement, label: string): HTMLElement {
  const button = container.querySelector<HTMLElement>(`button[aria-label="${label}"]`);
  if (!button) throw new Error(`No button labelled ${label}`);
  return button;
}

/**
 * With large data, switching month and filtering must not rebuild the list: the timing budget (< 50 ms of
 * scripting) is measured in Chromium by `npm run bench`; here, deterministically, the structural property that
 * keeps it cheap — rows stay mounted (same DOM nodes) and a filter only toggles `hidden`.
 */
test('1,000 services and 10,000 logs: month switches and filter changes keep every row mounted', () => {
  const employeeServices = Array.from({ length: 1000 }, (_, i) => job({ id: `J${i}`, customerName: `Customer ${i}`, status: STATUSES[i % 3] }));
  const logs = Array.from({ length: 10_000 }, (_, i) =>
    timeLog({
      id: `L${i}`,
      serviceId: `J${i % 1000}`,
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    }),
  );
  const store = setupStore({ auth: signedIn('EMPLOYEE'), services: { customerServices: [], employeeServices }, timeLogs: { logs } });
  const { container } = render(
    <Provider store={store}>
      <EmployeeDashboard />
    </Provider>,
  );
  const next = buttonByLabel(container, 'Next month');
  const previous = buttonByLabel(container, 'Previous month');
  const inProgress = buttonByText('IN PROGRESS');
  const all = buttonByText('ALL');
  const completed = buttonByText('COMPLETED');

  const rowsBefore = Array.from(container.querySelectorAll('li'));

  act(() => fireEvent.click(next));
  act(() => fireEvent.click(previous));
  act(() => fireEvent.click(previous));
  act(() => fireEvent.click(inProgress));
  act(() => fireEvent.click(all));
  act(() => fireEvent.click(completed));

  const rowsAfter = Array.from(container.querySelectorAll('li'));
  expect(rowsAfter.length).toBe(rowsBefore.length);
  expect(rowsAfter.every((row, i) => row === rowsBefore[i])).toBe(true); // not one row re-created
  expect(screen.getByText(formatMonthLabel(shiftMonth(toMonthKey(new Date()), -1)))).toBeInTheDocument();
  expect(container.querySelectorAll('li[hidden]')).toHaveLength(667);
}, 60_000);
