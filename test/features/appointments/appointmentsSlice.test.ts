import { setupStore } from '@/app/store';
import appointmentsSlice, {
  employeeAssigned,
  initialAppointmentsState,
  selectAppointmentColumns,
} from '@/features/appointments/appointmentsSlice';
import { logout } from '@/features/auth/authSlice';
import { filterEmployees } from '@/features/appointments/employeeSearch';
import { formatCost, ongoingStatusLabel } from '@/features/appointments/formatters';
import { sampleAppointments } from '@/features/appointments/sampleAppointments';
import { sampleEmployees } from '@/features/appointments/sampleEmployees';

const reducer = appointmentsSlice.reducer;

describe('sample data (spec §3)', () => {
  test('two or three appointments per column, with the fields each column needs', () => {
    for (const column of ['upcoming', 'ongoing', 'unassigned'] as const) {
      const list = sampleAppointments.filter((a) => a.displayStatus === column);
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
    }
    for (const a of sampleAppointments) {
      if (a.displayStatus === 'unassigned') {
        expect(a.status).toBe('PENDING');
        expect(a.assignedEmployeeId).toBeNull();
      } else {
        expect(a.status).toBe('CONFIRMED');
        expect(a.assignedEmployeeName).toEqual(expect.any(String));
      }
      if (a.displayStatus === 'ongoing') {
        expect(a.progress).toEqual(expect.any(Number));
        expect(['IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK']).toContain(a.ongoingStatus);
      }
      expect(Number.isNaN(Date.parse(a.appointmentDate))).toBe(false);
    }
    // Every ongoing sub-status is represented.
    expect(new Set(sampleAppointments.map((a) => a.ongoingStatus).filter(Boolean)).size).toBe(3);
  });

  test('at least six employees with a mix of specialisations, at least two busy', () => {
    expect(sampleEmployees.length).toBeGreaterThanOrEqual(6);
    expect(new Set(sampleEmployees.map((e) => e.specialization)).size).toBeGreaterThanOrEqual(5);
    expect(sampleEmployees.filter((e) => e.availability === 'busy').length).toBeGreaterThanOrEqual(2);
    expect(new Set(sampleEmployees.map((e) => e.id)).size).toBe(sampleEmployees.length);
  });

  test('the store starts with the samples', () => {
    const store = setupStore();
    expect(store.getState().appointments).toEqual({ appointments: sampleAppointments, employees: sampleEmployees });
  });
});

describe('employeeAssigned (spec §4 "Admin appointment")', () => {
  test('an appointment awaiting assignment becomes CONFIRMED and upcoming, and the workload grows', () => {
    const state = reducer(initialAppointmentsState, employeeAssigned({ appointmentId: 'APT-2007', employeeId: 'EMP-001' }));
    expect(state.appointments.find((a) => a.id === 'APT-2007')).toMatchObject({
      status: 'CONFIRMED',
      displayStatus: 'upcoming',
      assignedEmployeeName: 'Nimal Perera',
      assignedEmployeeId: 'EMP-001',
    });
    expect(state.employees.find((e) => e.id === 'EMP-001')?.currentWorkload).toBe(3);
    // Nothing else changed.
    expect(state.appointments.filter((a) => a.id !== 'APT-2007')).toEqual(sampleAppointments.filter((a) => a.id !== 'APT-2007'));
  });

  test('a busy employee cannot be assigned', () => {
    const state = reducer(initialAppointmentsState, employeeAssigned({ appointmentId: 'APT-2007', employeeId: 'EMP-002' }));
    expect(state).toBe(initialAppointmentsState);
  });

  test('unknown ids and appointments not awaiting assignment are ignored', () => {
    for (const payload of [
      { appointmentId: 'nope', employeeId: 'EMP-001' },
      { appointmentId: 'APT-2007', employeeId: 'nope' },
      { appointmentId: 'APT-2001', employeeId: 'EMP-001' },
      { appointmentId: 'APT-2004', employeeId: 'EMP-001' },
    ]) {
      expect(reducer(initialAppointmentsState, employeeAssigned(payload))).toBe(initialAppointmentsState);
    }
  });

  test('logout resets to the samples', () => {
    const assigned = reducer(initialAppointmentsState, employeeAssigned({ appointmentId: 'APT-2007', employeeId: 'EMP-001' }));
    expect(reducer(assigned, logout())).toEqual(initialAppointmentsState);
  });
});

test('selectAppointmentColumns groups by column, sorted by date, and is memoised', () => {
  const store = setupStore();
  const columns = selectAppointmentColumns(store.getState());
  expect(columns.upcoming.map((a) => a.id)).toEqual(['APT-2001', 'APT-2002', 'APT-2003']);
  expect(columns.ongoing.map((a) => a.id)).toEqual(['APT-2005', 'APT-2004', 'APT-2006']);
  expect(columns.unassigned.map((a) => a.id)).toEqual(['APT-2007', 'APT-2008', 'APT-2009']);
  expect(selectAppointmentColumns(store.getState())).toBe(columns);

  store.dispatch(employeeAssigned({ appointmentId: 'APT-2008', employeeId: 'EMP-006' }));
  const after = selectAppointmentColumns(store.getState());
  expect(after.upcoming.map((a) => a.id)).toEqual(['APT-2008', 'APT-2001', 'APT-2002', 'APT-2003']);
  expect(after.unassigned.map((a) => a.id)).toEqual(['APT-2007', 'APT-2009']);
});

describe('filterEmployees', () => {
  test('matches name or specialization, case-insensitively, ignoring surrounding spaces', () => {
    expect(filterEmployees(sampleEmployees, '  nimal ').map((e) => e.name)).toEqual(['Nimal Perera']);
    expect(filterEmployees(sampleEmployees, 'DIAGNOSTICS').map((e) => e.name)).toEqual(['Tharindu Wickramasinghe', 'Chamari Rathnayake']);
    expect(filterEmployees(sampleEmployees, 'brakes &').map((e) => e.name)).toEqual(['Kasun Silva']);
  });

  test('a blank query keeps everyone; no match gives an empty list', () => {
    expect(filterEmployees(sampleEmployees, '   ')).toBe(sampleEmployees);
    expect(filterEmployees(sampleEmployees, 'zzz')).toEqual([]);
  });
});

test('formatters', () => {
  expect(formatCost(25000)).toBe('LKR 25,000');
  expect(formatCost(1250000)).toBe('LKR 1,250,000');
  expect(ongoingStatusLabel('AWAITING_PARTS')).toBe('Awaiting Parts');
});
