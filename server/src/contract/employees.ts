/** GET /api/employees (admin): the registered technicians, with their load and whether a given slot is free. */
import { type Static, Type } from 'typebox';
import { IsoDate, StringEnum, TimeOfDay } from './common';

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
