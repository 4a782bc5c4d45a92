import { setupStore } from '@/app/store';
import { logout } from '@/features/auth/authSlice';
import {
  currentWeekStart,
  isCompletedInWeek,
  selectEmployeeServiceCounts,
  selectEmployeeServicesById,
  selectServiceIdsByFilter,
} from '@/features/employee/employeeSelectors';
import { initialServicesState, selectCustomerServices, selectEmployeeServices, serviceStatusUpdated } from '@/features/services/servicesSlice';
import { signedIn } from '../../utils/renderWithProviders';
import { job } from './employeeTestUtils';

const WEEK = currentWeekStart(new Date('2026-03-10T09:00:00')); // Tuesday → week Sun 8 … Sat 14 March

test('the week starts on the local Sunday', () => {
  expect(new Date(WEEK)).toEqual(new Date('2026-03-08T00:00:00'));
});

describe('Completed This Week rule', () => {
  test.each([
    ['2026-03-08T00:00:00', true], // Sunday 00:00, first instant of the week
    ['2026-03-14T23:59:59', true], // Saturday, last second
    ['2026-03-07T23:59:59', false], // previous Saturday
    ['2026-03-15T00:00:00', false], // next Sunday
  ])('completedAt %s → %s', (completedAt, expected) => {
    expect(isCompletedInWeek(job({ id: 'J', status: 'completed', completedAt: new Date(completedAt).toISOString() }), WEEK)).toBe(expected);
  });

  test('only completed jobs count, and a completed job without a stamp uses its estimated completion', () => {
    const stamp = new Date('2026-03-10T12:00:00').toISOString();
    expect(isCompletedInWeek(job({ id: 'J', status: 'in_progress', completedAt: stamp }), WEEK)).toBe(false);
    expect(isCompletedInWeek(job({ id: 'J', status: 'completed', estimatedCompletion: stamp }), WEEK)).toBe(true);
    expect(isCompletedInWeek(job({ id: 'J', status: 'completed', estimatedCompletion: 'not a date' }), WEEK)).toBe(false);
  });
});

test('serviceStatusUpdated stamps completedAt on completion and removes it when the job is reopened', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  const now = '2026-03-10T09:00:00.000Z';
  store.dispatch(serviceStatusUpdated({ id: 'JOB-2001', status: 'completed', now }));
  const find = () => selectEmployeeServices(store.getState()).find((j) => j.id === 'JOB-2001');
  expect(find()).toMatchObject({ status: 'completed', completedAt: now });
  store.dispatch(serviceStatusUpdated({ id: 'JOB-2001', status: 'in_progress', now: '2026-03-11T09:00:00.000Z' }));
  expect(find()?.status).toBe('in_progress');
  expect(find()).not.toHaveProperty('completedAt');
  // Reopening a job is not a start: the start and estimate stay.
  expect(find()?.startDate).toBe('2025-10-24T08:30:00.000Z');
});

test('the customer services and logout reset are untouched', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  const customer = selectCustomerServices(store.getState());
  store.dispatch(serviceStatusUpdated({ id: 'JOB-2002', status: 'completed' }));
  expect(selectCustomerServices(store.getState())).toBe(customer);
  store.dispatch(logout());
  expect(store.getState().services).toEqual(initialServicesState);
});

test('counts come from the jobs and are memoised per week', () => {
  const employeeServices = [
    job({ id: 'A', status: 'in_progress' }),
    job({ id: 'B', status: 'not_started' }),
    job({ id: 'C', status: 'not_started' }),
    job({ id: 'D', status: 'completed', completedAt: new Date('2026-03-09T10:00:00').toISOString() }),
    job({ id: 'E', status: 'completed', completedAt: new Date('2026-03-01T10:00:00').toISOString() }),
  ];
  const store = setupStore({ auth: signedIn('EMPLOYEE'), services: { customerServices: [], employeeServices } });
  const counts = selectEmployeeServiceCounts(store.getState(), WEEK);
  expect(counts).toEqual({ inProgress: 1, notStarted: 2, completed: 2, completedThisWeek: 1 });
  expect(selectEmployeeServiceCounts(store.getState(), WEEK)).toBe(counts);
  const lastWeek = currentWeekStart(new Date('2026-03-03T09:00:00'));
  expect(selectEmployeeServiceCounts(store.getState(), lastWeek).completedThisWeek).toBe(1);

  store.dispatch(serviceStatusUpdated({ id: 'B', status: 'in_progress' }));
  expect(selectEmployeeServiceCounts(store.getState(), WEEK)).toMatchObject({ inProgress: 2, notStarted: 1 });
});

test('jobs by id and ids by filter', () => {
  const store = setupStore({ auth: signedIn('EMPLOYEE') });
  const state = store.getState();
  expect(selectEmployeeServicesById(state).get('JOB-2003')?.vehicleName).toBe('Mazda 3');
  const groups = selectServiceIdsByFilter(state);
  expect([...groups.in_progress]).toEqual(['JOB-2001']);
  expect([...groups.not_started]).toEqual(['JOB-2002', 'JOB-2003']);
  expect([...groups.completed]).toEqual(['JOB-2004']);
  expect(selectServiceIdsByFilter(state)).toBe(groups);
});
