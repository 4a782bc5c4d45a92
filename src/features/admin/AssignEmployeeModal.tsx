import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import { filterEmployees } from '@/features/appointments/employeeSearch';
import { formatAppointmentDate, vehicleName } from '@/features/appointments/formatters';
import type { Appointment, Employee } from '@/features/appointments/types';
import { cx } from '@/lib/classNames';
import emptyState from './EmptyState.module.css';
import styles from './AssignEmployeeModal.module.css';

export interface AssignEmployeeModalProps {
  /** The appointment awaiting assignment. */
  appointment: Appointment;
  employees: Employee[];
  onAssign: (employee: Employee) => void;
  onClose: () => void;
}

/**
 * Picks a technician for an appointment (spec §2 "Admin dashboard", §4 "Admin appointment"): search by name
 * or specialization; busy employees cannot be assigned. Mount it when needed: the search starts empty.
 */
export function AssignEmployeeModal({ appointment, employees, onAssign, onClose }: AssignEmployeeModalProps) {
  const [query, setQuery] = useState('');
  const idPrefix = useId();
  const matches = filterEmployees(employees, query);

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Assign Employee to ${vehicleName(appointment)} (${appointment.vehicleLicensePlate})`}
      description={`${appointment.serviceTypeName} · ${formatAppointmentDate(appointment.appointmentDate)} · ${appointment.serviceCenter}, ${appointment.centerSlot}`}
    >
      <div className={styles.body}>
        <TextField
          label="Search employees"
          type="search"
          placeholder="Name or specialization"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p role="status" className={matches.length === 0 ? emptyState.empty : 'visually-hidden'}>
          {matches.length === 0
            ? 'No employees found'
            : `${matches.length} ${matches.length === 1 ? 'employee' : 'employees'} listed`}
        </p>
        {matches.length > 0 && (
          <ul className={styles.list} aria-label="Employees">
            {matches.map((employee) => {
              const nameId = `${idPrefix}-${employee.id}-name`;
              const busy = employee.availability !== 'available';
              return (
                <li key={employee.id} className={styles.row}>
                  <div className={styles.info}>
                    <p id={nameId} className={styles.name}>
                      {employee.name}
                    </p>
                    <p className={styles.specialization}>{employee.specialization}</p>
                    <ul className={styles.meta}>
                      <li>
                        <span className={cx(styles.availability, busy ? styles.busy : styles.available)}>
                          {busy ? 'Busy' : 'Available'}
                        </span>
                      </li>
                      <li>
                        Workload: {employee.currentWorkload} {employee.currentWorkload === 1 ? 'task' : 'tasks'}
                      </li>
                      <li className={styles.rating}>
                        <Star aria-hidden="true" />
                        <span>
                          <span className="visually-hidden">Rating: </span>
                          {employee.rating.toFixed(1)} / 5
                        </span>
                      </li>
                    </ul>
                  </div>
                  <Button
                    size="sm"
                    variant={busy ? 'secondary' : 'primary'}
                    disabled={busy}
                    aria-describedby={nameId}
                    onClick={() => onAssign(employee)}
                    className={styles.assign}
                  >
                    Assign
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}
