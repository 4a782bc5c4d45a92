import { type Ref, useId } from 'react';
import type { Appointment } from '@/features/appointments/types';
import { AppointmentCard } from './AppointmentCard';
import emptyState from './EmptyState.module.css';
import styles from './AppointmentColumn.module.css';

export interface AppointmentColumnProps {
  title: string;
  appointments: Appointment[];
  /** Shown when the column has no appointments. */
  emptyText: string;
  /** Cards awaiting assignment get an Assign Employee button. */
  onAssign?: (appointment: Appointment) => void;
  /** Reaches the <section> (the dashboard moves focus inside it after an assignment). */
  ref?: Ref<HTMLElement>;
}

/** One admin dashboard column: a section headed by its title, holding a list of appointment cards. */
export function AppointmentColumn({ title, appointments, emptyText, onAssign, ref }: AppointmentColumnProps) {
  const headingId = useId();
  const count = appointments.length;
  return (
    <section ref={ref} aria-labelledby={headingId} className={styles.column}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title} tabIndex={-1}>
          {title}
        </h2>
        <span className={styles.count}>
          {count}
          <span className="visually-hidden"> {count === 1 ? 'appointment' : 'appointments'}</span>
        </span>
      </div>
      {count === 0 ? (
        <p className={emptyState.empty}>{emptyText}</p>
      ) : (
        <ul className={styles.list}>
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentCard appointment={appointment} onAssign={onAssign} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
