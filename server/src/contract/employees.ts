/**
 * GET /api/employees (admin): the approved, active technicians, with their load and whether a given slot is free.
 * GET /api/staff, POST /api/employees/:id/approve and /deactivate (admin): the Staff page (below).
 */
import { type Static, Type } from 'typebox';
import { Id, IsoDate, StringEnum, TimeOfDay } from './common';

export const EmployeeListQuery = Type.Object(
  {
    date: Type.Optional(IsoDate('Date')),
    slot: Type.Optional(TimeOfDay('Time slot')),
    q: Type.Optional(Type.String({ maxLength: 100, errorMessages: { maxLength: 'Search must be at most 100 characters long' } })),
  },
  { additionalProperties: false },
);
export type EmployeeListQuery = Static<typeof EmployeeListQuery>;

export const EMPLOYEE_AVAILABILITY = ['available', 'busy'] as const;

export const Employee = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  /** The technician's department, when they gave one. */
  specialization: Type.Optional(Type.String()),
  /** Open jobs: assigned and not yet completed. */
  currentWorkload: Type.Integer(),
  /** "busy" when already on a job at the asked date and slot. */
  availability: StringEnum(EMPLOYEE_AVAILABILITY),
});
export type Employee = Static<typeof Employee>;

export const EmployeeList = Type.Array(Employee);
export type EmployeeList = Static<typeof EmployeeList>;

/**
 * The Staff page (admin): every technician account with its approval state. Registering as a technician is open
 * to anyone, so an account starts PENDING and an admin approves it before it can be assigned or work on jobs.
 * - PENDING: registered, signed in, not approved yet (not assignable; the technician's job endpoints answer 403);
 * - ACTIVE: approved and active (listed by GET /api/employees, assignable);
 * - DEACTIVATED: cannot sign in; approving it again reactivates it.
 */
export const STAFF_STATES = ['PENDING', 'ACTIVE', 'DEACTIVATED'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export const STAFF_MESSAGES = {
  notFound: 'Employee not found',
  awaitingApproval: 'Your account is awaiting approval by an administrator.',
} as const;

/** "Nimal Perera has 2 jobs in progress. Complete them before deactivating." */
export function jobsInProgressMessage(fullName: string, count: number): string {
  return `${fullName} has ${count} ${count === 1 ? 'job' : 'jobs'} in progress. Complete ${count === 1 ? 'it' : 'them'} before deactivating.`;
}

/** Why an assignment to `fullName` is refused (POST /api/appointments/:id/assign, 409). */
export function notAssignableMessage(fullName: string, state: Exclude<StaffState, 'ACTIVE'>): string {
  return state === 'PENDING'
    ? `${fullName} is awaiting approval and cannot be assigned yet.`
    : `${fullName} is deactivated and cannot be assigned.`;
}

export const StaffMember = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  /** Whether the technician's e-mail address is verified (contract/account.ts). */
  emailVerified: Type.Boolean(),
  phoneNumber: Type.String(),
  /** The technician's department, when they gave one. */
  department: Type.Optional(Type.String()),
  /** The employee id they registered with, when they gave one. */
  employeeId: Type.Optional(Type.String()),
  state: StringEnum(STAFF_STATES),
  /** ISO-8601: when the account was registered. */
  registeredAt: Type.String(),
  /** ISO-8601: when an admin approved it (absent while pending). */
  approvedAt: Type.Optional(Type.String()),
  /** The approving admin's name, while that account exists. */
  approvedBy: Type.Optional(Type.String()),
  /** Jobs IN_PROGRESS: while above 0 the account cannot be deactivated. */
  jobsInProgress: Type.Integer(),
});
export type StaffMember = Static<typeof StaffMember>;

export const StaffList = Type.Array(StaffMember);
export type StaffList = Static<typeof StaffList>;

export const StaffParams = Type.Object({ id: Id('Employee') }, { additionalProperties: false });
export type StaffParams = Static<typeof StaffParams>;

/** POST /api/employees/:id/approve and /deactivate take no fields. */
export const StaffActionBody = Type.Object({}, { additionalProperties: false });
export type StaffActionBody = Static<typeof StaffActionBody>;
