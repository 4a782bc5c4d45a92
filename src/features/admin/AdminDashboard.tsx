import { useEffect, useRef, useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { employeeAssigned, selectAppointmentColumns, selectEmployees } from '@/features/appointments/appointmentsSlice';
import { vehicleName } from '@/features/appointments/formatters';
import type { Appointment, Employee } from '@/features/appointments/types';
import { AppointmentColumn } from './AppointmentColumn';
import { AssignEmployeeModal } from './AssignEmployeeModal';
import styles from './AdminDashboard.module.css';

/** Spec §2: the header date is fixed text, not today's date. */
const ADMIN_DASHBOARD_DATE = { iso: '2025-10-25', text: 'October 25, 2025' } as const;

/**
 * Spec §2 "Admin dashboard": Upcoming Services, Ongoing Services and Awaiting Assignment columns; Assign
 * Employee opens a modal, and an assigned appointment moves to Upcoming Services.
 */
export default function AdminDashboard() {
  const dispatch = useAppDispatch();
  const columns = useAppSelector(selectAppointmentColumns);
  const employees = useAppSelector(selectEmployees);
  const [assigningId, setAssigningId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const awaitingRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** Index in Awaiting Assignment to focus once the assigned card has left it (its button is gone). */
  const focusIndexAfterAssign = useRef<number | null>(null);

  const assigning = columns.unassigned.find((a) => a.id === assigningId) ?? null;

  useEffect(() => {
    const index = focusIndexAfterAssign.current;
    const section = awaitingRef.current;
    if (index === null || !section) return;
    focusIndexAfterAssign.current = null;
    const buttons = section.querySelectorAll<HTMLButtonElement>('[data-assign-button]');
    const target = buttons[Math.min(index, buttons.length - 1)] ?? section.querySelector<HTMLElement>('h2');
    target?.focus();
  }, [columns.unassigned]);

  function handleAssign(appointment: Appointment, employee: Employee) {
    if (employee.availability !== 'available') return; // spec §4: busy employees cannot be assigned
    focusIndexAfterAssign.current = columns.unassigned.findIndex((a) => a.id === appointment.id);
    dispatch(employeeAssigned({ appointmentId: appointment.id, employeeId: employee.id }));
    setAnnouncement(`Assigned ${employee.name} to ${vehicleName(appointment)} (${appointment.vehicleLicensePlate}).`);
    setAssigningId(null);
  }

  function dismissAnnouncement() {
    setAnnouncement('');
    // The button disappears; keep focus on the page rather than dropping it to <body>.
    titleRef.current?.focus();
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
            Admin Dashboard
          </h1>
          <p className={styles.subtitle}>Track today&apos;s services and assign technicians to new appointments.</p>
        </div>
        <p className={styles.date}>
          <CalendarDays aria-hidden="true" />
          <time dateTime={ADMIN_DASHBOARD_DATE.iso}>{ADMIN_DASHBOARD_DATE.text}</time>
        </p>
      </header>

      <div className={announcement ? styles.announcement : undefined}>
        {/* Always rendered so screen readers announce the message when it changes. */}
        <div role="status" aria-live="polite">
          {announcement}
        </div>
        {announcement && (
          <Button variant="ghost" size="sm" aria-label="Dismiss message" onClick={dismissAnnouncement}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>

      <div className={styles.columns}>
        <AppointmentColumn title="Upcoming Services" appointments={columns.upcoming} emptyText="No upcoming services." />
        <AppointmentColumn title="Ongoing Services" appointments={columns.ongoing} emptyText="No services in progress." />
        <AppointmentColumn
          ref={awaitingRef}
          title="Awaiting Assignment"
          appointments={columns.unassigned}
          emptyText="No appointments are awaiting assignment."
          onAssign={(appointment) => setAssigningId(appointment.id)}
        />
      </div>

      {assigning && (
        <AssignEmployeeModal
          key={assigning.id}
          appointment={assigning}
          employees={employees}
          onAssign={(employee) => handleAssign(assigning, employee)}
          onClose={() => setAssigningId(null)}
        />
      )}
    </div>
  );
}
