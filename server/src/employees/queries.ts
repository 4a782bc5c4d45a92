import { sql } from 'kysely';
import type { Catalog } from '../catalog/queries';
import type { Employee, EmployeeListQuery } from '../contract/employees';
import { likeContaining } from '../db/cursor';
import type { Db } from '../db/schema';
import { invalidField } from '../domain/errors';

/**
 * Registered EMPLOYEE accounts an admin approved and nobody deactivated — nobody invented — with their open jobs
 * and a slot's availability. Pending and deactivated technicians are on the Staff page only (staff.ts).
 */
export class Employees {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
  ) {}

  async list({ date, slot, q }: EmployeeListQuery): Promise<Employee[]> {
    if ((date === undefined) !== (slot === undefined)) {
      throw invalidField(date === undefined ? 'date' : 'slot', 'Give a date and a time slot together');
    }
    if (slot !== undefined && !this.catalog.slot(slot)) throw invalidField('slot', 'Choose one of the listed time slots');
    const search = q?.trim() ? likeContaining(q.trim()) : null;
    const rows = await this.db
      .selectFrom('users as u')
      .select((eb) => [
        'u.id',
        'u.full_name',
        'u.email',
        'u.phone_number',
        'u.department',
        eb
          .selectFrom('appointments as a')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('a.assigned_employee_id', '=', 'u.id')
          .where('a.status', 'in', ['CONFIRMED', 'IN_PROGRESS'])
          .as('workload'),
        date !== undefined && slot !== undefined
          ? eb
              .exists(
                eb
                  .selectFrom('appointments as b')
                  .select('b.id')
                  .whereRef('b.assigned_employee_id', '=', 'u.id')
                  .where('b.date', '=', date)
                  .where('b.slot', '=', slot)
                  .where('b.status', '<>', 'CANCELLED'),
              )
              .as('busy')
          : sql<boolean>`false`.as('busy'),
      ])
      .where('u.role', '=', 'EMPLOYEE')
      .where('u.is_active', '=', true)
      .where('u.approved_at', 'is not', null)
      .$if(search !== null, (qb) => qb.where((eb) => eb.or([eb('u.full_name', 'ilike', search as string), eb('u.department', 'ilike', search as string)])))
      .orderBy('u.full_name')
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      phoneNumber: row.phone_number,
      ...(row.department !== null && { specialization: row.department }),
      currentWorkload: Number(row.workload ?? 0),
      availability: row.busy ? 'busy' : 'available',
    }));
  }
}
