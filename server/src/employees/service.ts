import type { Catalog } from '../catalog/queries';
import type { Transaction } from 'kysely';
import { type Clock, isoAt, toIso } from '../clock';
import { type Employee, type EmployeeListQuery, jobsInProgressMessage, STAFF_MESSAGES, type StaffMember } from '../contract/employees';
import { likeContaining } from '../db/cursor';
import type { Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import { ConflictError, NotFoundError, throwIfInvalid } from '../domain/errors';
import { actAs } from '../history/actor';
import { EmployeeRepository, type StaffRow } from './repository';
import { availabilityQueryErrors, staffStateOf } from './rules';

/**
 * Registered EMPLOYEE accounts an admin approved and nobody deactivated — nobody invented — with their open jobs
 * and a slot's availability. Pending and deactivated technicians are on the Staff page only.
 */
export class Employees {
  private readonly repository: EmployeeRepository;

  constructor(
    db: Db,
    private readonly catalog: Catalog,
  ) {
    this.repository = new EmployeeRepository(db);
  }

  async list({ date, slot, q }: EmployeeListQuery): Promise<Employee[]> {
    throwIfInvalid(availabilityQueryErrors(date, slot, (start) => this.catalog.slot(start) !== undefined));
    const search = q?.trim() ? likeContaining(q.trim()) : null;
    const rows = await this.repository.assignable(search, date !== undefined && slot !== undefined ? { date, slot } : null);
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

function toMember(row: StaffRow): StaffMember {
  const text = (value: string | null) => (value !== null && value.trim() !== '' ? value : undefined);
  const department = text(row.department);
  const employeeId = text(row.employee_id);
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
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

/**
 * The Staff page: every EMPLOYEE account, approving and deactivating them. Each change is one transaction that
 * first locks the technician's row, so two admins acting at once are serialised: the second sees the first's
 * outcome (approving twice records one approval; deactivating twice returns the jobs once).
 */
export class Staff {
  private readonly repository: EmployeeRepository;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.repository = new EmployeeRepository(db);
  }

  async list(): Promise<StaffMember[]> {
    return (await this.repository.staff()).map(toMember);
  }

  /**
   * Pending → active, deactivated → active again (a new approval: this admin, now). Already active: nothing changes,
   * so of two admins approving at once the first one's approval is the one recorded and both see it.
   */
  async approve(adminId: string, id: string): Promise<StaffMember> {
    await transact(this.repository.db, async (trx) => {
      const user = await this.repository.lockTechnician(trx, id);
      if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
      if (staffStateOf(user) === 'ACTIVE') return;
      await this.repository.approve(trx, id, adminId, isoAt(this.now()));
    });
    return toMember(await this.repository.staffMember(id));
  }

  /**
   * Active or pending → deactivated, refused while the technician has jobs in progress. In the same transaction
   * their jobs not started yet go back to Awaiting Assignment (the job history records each as UNASSIGNED by
   * `adminId`) and every session is revoked, so their tokens stop working at once. Already deactivated: no change.
   */
  async deactivate(adminId: string, id: string): Promise<StaffMember> {
    await transact(this.repository.db, (trx) => this.deactivateWithin(trx, adminId, id));
    return toMember(await this.repository.staffMember(id));
  }

  /**
   * deactivate's rules inside the caller's transaction: also a technician closing their own account (the account
   * domain), with `actorId` their own id. Throws 404 for an id that is no technician, 409 while jobs are in progress.
   */
  async deactivateWithin(trx: Transaction<Database>, actorId: string, id: string): Promise<void> {
    await actAs(trx, actorId);
    const user = await this.repository.lockTechnician(trx, id);
    if (!user) throw new NotFoundError(STAFF_MESSAGES.notFound);
    if (!user.is_active) return;
    // Open jobs are locked before deciding: a start that commits meanwhile is then seen here as IN_PROGRESS.
    const open = await this.repository.lockOpenJobs(trx, id);
    const inProgress = open.filter((job) => job.status === 'IN_PROGRESS').length;
    if (inProgress > 0) throw new ConflictError(jobsInProgressMessage(user.full_name, inProgress));
    const nowIso = isoAt(this.now());
    await this.repository.unassign(
      trx,
      open.filter((job) => job.status === 'CONFIRMED').map((job) => job.id),
      nowIso,
    );
    await this.repository.deactivate(trx, id, nowIso);
  }
}
