import type { Employee } from '@contract/employees';

/**
 * The Assign Employee search (spec §2): technicians whose name or specialization contains the query, ignoring
 * case and surrounding spaces. A blank query keeps everyone (the same array).
 */
export function filterEmployees(employees: Employee[], query: string): Employee[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return employees;
  return employees.filter(
    (employee) => employee.fullName.toLowerCase().includes(needle) || (employee.specialization ?? '').toLowerCase().includes(needle),
  );
}
