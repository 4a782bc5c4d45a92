import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';

type Trx = Transaction<Database>;

/** Pending first (they want an answer), then active, then deactivated; by name within each. */
const STATE_ORDER = sql<number>`CASE WHEN NOT u.is_active THEN 2 WHEN u.approved_at IS NULL THEN 0 ELSE 1 END`;

/** Technician accounts in SQL: who can be assigned, and the Staff page's reads and changes. */
export class EmployeeRepository {
  constructor(readonly db: Db) {}

  /**
   * Approved, active EMPLOYEE accounts with their open jobs and, when `at` is given, whether they already have a
   * job at that date and slot. `search` is an ILIKE pattern on name or department.
   */
  assignable(search: string | null, at: { date: string; slot: string } | null) {
    return this.db
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
        at !== null
          ? eb
              .exists(
                eb
                  .selectFrom('appointments as b')
                  .select('b.id')
                  .whereRef('b.assigned_employee_id', '=', 'u.id')
                  .where('b.date', '=', at.date)
                  .where('b.slot', '=', at.slot)
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
  }

  private selectStaff(db: Db | Trx) {
    return db
      .selectFrom('users as u')
      .leftJoin('users as approver', 'approver.id', 'u.approved_by')
      .select((eb) => [
        'u.id',
        'u.full_name',
        'u.email',
        'u.phone_number',
        'u.department',
        'u.employee_id',
        'u.email_verified_at',
        'u.is_active',
        'u.approved_at',
        'u.created_at',
        'approver.full_name as approver_name',
        eb
          .selectFrom('appointments as a')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('a.assigned_employee_id', '=', 'u.id')
          .where('a.status', '=', 'IN_PROGRESS')
          .as('in_progress'),
      ])
      .where('u.role', '=', 'EMPLOYEE');
  }

  /** Every technician account, pending first. */
  staff() {
    return this.selectStaff(this.db).orderBy(STATE_ORDER).orderBy('u.full_name').orderBy('u.id').execute();
  }

  /** One technician known to exist. */
  staffMember(id: string) {
    return this.selectStaff(this.db).where('u.id', '=', id).executeTakeFirstOrThrow();
  }

  /** The technician's row, locked for the rest of the transaction; undefined for anyone else. */
  lockTechnician(trx: Trx, id: string) {
    return trx.selectFrom('users').select(['id', 'full_name', 'is_active', 'approved_at']).where('id', '=', id).where('role', '=', 'EMPLOYEE').forUpdate().executeTakeFirst();
  }

  async approve(trx: Trx, id: string, adminId: string, nowIso: string): Promise<void> {
    await trx.updateTable('users').set({ is_active: true, approved_at: nowIso, approved_by: adminId, updated_at: nowIso }).where('id', '=', id).execute();
  }

  /** The technician's open jobs (assigned, not finished), locked as every change to a job locks it. */
  lockOpenJobs(trx: Trx, employeeId: string) {
    return trx
      .selectFrom('appointments')
      .select(['id', 'status'])
      .where('assigned_employee_id', '=', employeeId)
      .where('status', 'in', ['CONFIRMED', 'IN_PROGRESS'])
      .forUpdate()
      .execute();
  }

  /** Jobs back to Awaiting Assignment (a new version each). */
  async unassign(trx: Trx, jobIds: string[], nowIso: string): Promise<void> {
    if (jobIds.length === 0) return;
    await trx
      .updateTable('appointments')
      .set({ status: 'PENDING', assigned_employee_id: null, version: sql<number>`version + 1`, updated_at: nowIso })
      .where('id', 'in', jobIds)
      .where('status', '=', 'CONFIRMED')
      .execute();
  }

  /** Every session of the user revoked, and the account switched off. */
  async deactivate(trx: Trx, id: string, nowIso: string): Promise<void> {
    await trx.updateTable('sessions').set({ revoked_at: nowIso }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    await trx.updateTable('users').set({ is_active: false, updated_at: nowIso }).where('id', '=', id).execute();
  }
}

export type StaffRow = Awaited<ReturnType<EmployeeRepository['staffMember']>>;
