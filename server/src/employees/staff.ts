import { sql, type Transaction } from 'kysely';
import { type Clock, isoAt, toIso } from '../clock';
import { jobsInProgressMessage, STAFF_MESSAGES, type StaffMember, type StaffState } from '../contract/employees';
import type { Database, Db, UserRow } from '../db/schema';
import { actAs } from '../history/actor';
import { transact } from '../db/transaction';
import { ConflictError, NotFoundError } from '../domain/errors';

type Trx = Transaction<Database>;

/** A technician account's state on the Staff page (contract/employees.ts). */
export function staffStateOf(user: Pick<UserRow, 'is_active' | 'approved_at'>): StaffState {
  if (!user.is_active) return 'DEACTIVATED';
  return user.approved_at === null ? 'PENDING' : 'ACTIVE';
}

/** Pending first (they want an answer), then active, then deactivated; by name within each. */
const STATE_ORDER = sql<number>`CASE WHEN NOT u.is_active THEN 2 WHEN u.approved_at IS NULL THEN 0 ELSE 1 END`;

/**
 * The Staff page: every EMPLOYEE account, approving and deactivating them. Each change is one transaction that
 * first locks the technician's row, so two admins acting at once are serialised: the second sees the first's
 * outcome (approving twice records one approval; deactivating twice returns the jobs once).
 */
export class Staff {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  private select(db: Db | Trx) {
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

  private toMember(row: Awaited<ReturnType<ReturnType<Staff['select']>['executeTakeFirstOrThrow']>>): StaffMember {
    const text = (value: string | null) => (value !== null && value.trim() !== '' ? value : undefined);
    const department = text(row.department);
    const employeeId = text(row.employee_id);
    return {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      phoneNumber: row.phone_number,
      ...(department !== undefined && { department }),
      ...(employeeId !== undefined && { employeeId }),
      state: staffStateOf(row),
      registeredAt: toIso(row.created_at),
      ...(row.approved_at !== null && { approvedAt: toIso(row.approved_at) }),
      ...(row.approver_name !== null && { approvedBy: row.approver_name }),
      jobsInProgress: Number(row.in_progress ?? 0),
    };
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.select(this.db).orderBy(STATE_ORDER).orderBy('u.full_name').orderBy('u.id').execute();
    return rows.map((row) => this.toMember(row));
  }

  private async read(id: string): Promise<StaffMember> {
    return this.toMember(await this.select(this.db).where('u.id', '=', id).executeTakeFirstOrThrow());
  }

  /** The technician's row, locked for the rest of the transaction; 404 for anyone else. */
  private async lockTechnician(trx: Trx, id: string) {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'full_name', 'is_active', 'approved_at'])
      .where('id', '=', id)
      .where('role', '=', 'EMPLOYEE')
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
    return user;
  }

  /**
   * Pending → active, deactivated → active again (a new approval: this admin, now). Already active: nothing changes,
   * so of two admins approving at once the first one's approval is the one recorded and both see it.
   */
  async approve(adminId: string, id: string): Promise<StaffMember> {
    await transact(this.db, async (trx) => {
      const user = await this.lockTechnician(trx, id);
      if (staffStateOf(user) === 'ACTIVE') return;
      const at = isoAt(this.now());
      await trx
        .updateTable('users')
        .set({ is_active: true, approved_at: at, approved_by: adminId, updated_at: at })
        .where('id', '=', id)
        .execute();
    });
    return this.read(id);
  }

  /**
   * Active or pending → deactivated, refused (409) while the technician has jobs in progress. In the same
   * transaction: their jobs not started yet (CONFIRMED) go back to Awaiting Assignment (PENDING, nobody assigned,
   * version + 1; the job history records each as UNASSIGNED by `adminId`) and every session is revoked, so their
   * tokens stop working at once. Already deactivated: no change.
   */
  async deactivate(adminId: string, id: string): Promise<StaffMember> {
    await transact(this.db, async (trx) => {
      await actAs(trx, adminId);
      const user = await this.lockTechnician(trx, id);
      if (!user.is_active) return;
      // Lock the technician's open jobs (job rows, as every change to a job does) before deciding: a start that
      // commits meanwhile is then seen here as IN_PROGRESS, never left behind on a deactivated account.
      const open = await trx
        .selectFrom('appointments')
        .select(['id', 'status'])
        .where('assigned_employee_id', '=', id)
        .where('status', 'in', ['CONFIRMED', 'IN_PROGRESS'])
        .forUpdate()
        .execute();
      const inProgress = open.filter((job) => job.status === 'IN_PROGRESS').length;
      if (inProgress > 0) throw new ConflictError(jobsInProgressMessage(user.full_name, inProgress));
      const at = isoAt(this.now());
      const notStarted = open.filter((job) => job.status === 'CONFIRMED').map((job) => job.id);
      if (notStarted.length > 0) {
        await trx
          .updateTable('appointments')
          .set({ status: 'PENDING', assigned_employee_id: null, version: sql<number>`version + 1`, updated_at: at })
          .where('id', 'in', notStarted)
          .where('status', '=', 'CONFIRMED')
          .execute();
      }
      await trx.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      await trx.updateTable('users').set({ is_active: false, updated_at: at }).where('id', '=', id).execute();
    });
    return this.read(id);
  }
}
