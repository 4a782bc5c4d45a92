import { useCallback, useState } from 'react';
import { useAppSelector } from '@/app/hooks';
import { selectCurrentUser } from '@/features/auth/authSlice';
import type { TimeLog } from '@/features/timeLogs/types';
import { type DateKey, type MonthKey, formatDayLabel, monthOfDate, toDateKey } from '@/lib/calendar';
import AssignedServicesList from './AssignedServicesList';
import DashboardStats from './DashboardStats';
import DayLogsPanel from './DayLogsPanel';
import { selectEmployeeServicesById } from './employeeSelectors';
import LogTimePanel from './LogTimePanel';
import QuickActions from './QuickActions';
import UpdateStatusPanel from './UpdateStatusPanel';
import WorkCalendar from './WorkCalendar';
import styles from './EmployeeDashboard.module.css';

type OpenPanel = { kind: 'status' | 'log'; jobId: string } | null;

/**
 * Spec §2 "Employee dashboard" (rendered by DashboardRouter for EMPLOYEE at /dashboard, inside the dashboard
 * layout's <main>): greeting, counts, quick actions, Assigned Services with Update Status / Log Time panels,
 * and the Monthly Work Summary calendar with the selected day's logs.
 */
export default function EmployeeDashboard() {
  const user = useAppSelector(selectCurrentUser);
  const servicesById = useAppSelector(selectEmployeeServicesById);
  const [today] = useState(() => toDateKey(new Date()));
  const [month, setMonth] = useState<MonthKey>(() => monthOfDate(today));
  const [selectedDate, setSelectedDate] = useState<DateKey | null>(today);
  const [openPanel, setOpenPanel] = useState<OpenPanel>(null);
  const [announcement, setAnnouncement] = useState('');

  const openStatusPanel = useCallback((jobId: string) => setOpenPanel({ kind: 'status', jobId }), []);
  const openLogPanel = useCallback((jobId: string) => setOpenPanel({ kind: 'log', jobId }), []);
  const closePanel = useCallback(() => setOpenPanel(null), []);

  // After a log is saved the calendar shows its day, and a polite status message confirms it.
  const handleLogged = useCallback((log: Omit<TimeLog, 'id'>) => {
    setMonth(monthOfDate(log.date));
    setSelectedDate(log.date);
    setAnnouncement(`Logged ${log.duration} on ${formatDayLabel(log.date)}.`);
  }, []);

  const openJob = openPanel ? servicesById.get(openPanel.jobId) : undefined;
  const name = user?.firstName || user?.fullName || 'there';

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Welcome back, {name}</h1>
        <p className={styles.subtitle}>Your assigned services, status updates and logged hours at a glance.</p>
      </header>

      <DashboardStats />
      <QuickActions />

      <div className={styles.columns}>
        <AssignedServicesList onUpdateStatus={openStatusPanel} onLogTime={openLogPanel} />
        <div className={styles.calendarColumn}>
          <WorkCalendar
            month={month}
            selectedDate={selectedDate}
            today={today}
            onMonthChange={setMonth}
            onSelectDate={setSelectedDate}
          />
          <DayLogsPanel date={selectedDate} />
        </div>
      </div>

      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {openJob && openPanel?.kind === 'status' && <UpdateStatusPanel job={openJob} onClose={closePanel} />}
      {openJob && openPanel?.kind === 'log' && <LogTimePanel job={openJob} onClose={closePanel} onLogged={handleLogged} />}
    </div>
  );
}
