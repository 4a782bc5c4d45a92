import { useId, useState } from 'react';
import type { Employee } from '@contract/employees';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import emptyState from '@/components/EmptyState.module.css';
import { type AssignDialogProps, bayLabel, employeeSearchChanged, formatJobSlot, selectEmployeeSearch, useAssignTechnicianMutation, vehicleWithPlate } from '@/features/jobs';
import { cx } from '@/lib/classNames';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useGetEmployeesQuery } from './staffApi';
import { filterEmployees } from './technicianSearch';
import styles from './AssignTechnicianDialog.module.css';

const openJobs = (n: number) => `${n} open ${n === 1 ? 'job' : 'jobs'}`;

/**
 * The server decides: a 409 (assigned first elsewhere, or the technician just became busy) shows its message and the
 * lists refetch. Mount it per job (key) so its state starts fresh.
 */
export function AssignTechnicianDialog({ job, onAssigned, onClose }: AssignDialogProps) {
  const dispatch = useAppDispatch();
  const query = useAppSelector(selectEmployeeSearch);
  const idPrefix = useId();
  const employees = useGetEmployeesQuery({ date: job.date, slot: job.slot });
  const [assign, { isLoading: assigning }] = useAssignTechnicianMutation();
  const [pendingName, setPendingName] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const all = employees.currentData ?? [];
  const matches = filterEmployees(all, query);
  const vehicle = vehicleWithPlate(job.vehicle);

  async function handleAssign(employee: Employee) {
    // Busy technicians have a disabled button (spec §4); a second click while one assignment is on its way is ignored.
    if (employee.availability !== 'available' || assigning) return;
    setFailure(null);
    setPendingName(employee.fullName);
    try {
      const assigned = await assign({ id: job.id, employeeId: employee.id, expectedVersion: job.version }).unwrap();
      onAssigned(assigned, assigned.assignedEmployee?.fullName ?? employee.fullName);
    } catch (error) {
      // 409: "Already assigned to <name>." / "<name> already has a job at that time." / the version message.
      setFailure(messageOf(error));
      setPendingName(null);
    }
  }

  const listStatus =
    pendingName !== null
      ? `Assigning ${pendingName}…`
      : matches.length === 0
        ? 'No employees found'
        : `${matches.length} ${matches.length === 1 ? 'employee' : 'employees'} listed`;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Assign Employee to ${vehicle}`}
      description={`${job.serviceType.name} · ${formatJobSlot(job)} · ${job.center.name}, ${bayLabel(job.bay)}`}
    >
      <div className={styles.body}>
        {failure !== null && <Alert variant="error">{failure}</Alert>}
        <TextField
          label="Search employees"
          type="search"
          placeholder="Name or specialization"
          autoComplete="off"
          value={query}
          onChange={(event) => dispatch(employeeSearchChanged(event.target.value))}
        />
        <DataState
          isLoading={employees.currentData === undefined && employees.isFetching}
          error={employees.isError ? messageOf(employees.error) : null}
          onRetry={() => void employees.refetch()}
          loadingLabel="Loading employees"
        >
          <p role="status" className={matches.length === 0 && pendingName === null ? emptyState.empty : 'visually-hidden'}>
            {listStatus}
          </p>
          {matches.length > 0 && (
            <ul className={styles.list} aria-label="Employees" aria-busy={assigning || undefined}>
              {matches.map((employee) => {
                const nameId = `${idPrefix}-${employee.id}-name`;
                const busy = employee.availability !== 'available';
                return (
                  <li key={employee.id} className={styles.row}>
                    <div className={styles.info}>
                      <p id={nameId} className={styles.name}>
                        {employee.fullName}
                      </p>
                      <p className={styles.specialization}>
                        <span className="visually-hidden">Specialization: </span>
                        {employee.specialization ?? 'No department'}
                      </p>
                      <ul className={styles.meta}>
                        <li>
                          <span className={cx(styles.availability, busy ? styles.busy : styles.available)}>{busy ? 'Busy' : 'Available'}</span>
                        </li>
                        <li>
                          <span className="visually-hidden">Workload: </span>
                          {openJobs(employee.currentWorkload)}
                        </li>
                      </ul>
                    </div>
                    <Button
                      size="sm"
                      variant={busy ? 'secondary' : 'primary'}
                      disabled={busy}
                      aria-describedby={nameId}
                      onClick={() => void handleAssign(employee)}
                      className={styles.assign}
                    >
                      Assign
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </DataState>
      </div>
    </Modal>
  );
}
