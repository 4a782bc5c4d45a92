import type { Employee } from './types';

/** Employees whose name or specialization contains `query`, case-insensitively; a blank query keeps all. */
export function filterEmployees(employees: Employee[], query: string): Employee[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return employees;
  return employees.filter(
    (e) => e.name.toLocaleLowerCase().includes(needle) || e.specialization.toLocaleLowerCase().includes(needle),
  );
}
