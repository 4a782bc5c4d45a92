import { CalendarPlus, LayoutDashboard, LogOut, Wrench } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { hasRole } from '@/features/auth/sessionUser';
import styles from './DashboardLayout.module.css';

/** Spec §2 "Dashboard navigation": Dashboard, Appointments (customer only), Logout (then to /login). */
export default function DashboardLayout() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const isCustomer = hasRole(user, 'CUSTOMER');
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label="CarCare home">
          <Wrench aria-hidden="true" />
          <span>CarCare</span>
        </Link>
        <nav aria-label="Dashboard" className={styles.nav}>
          <NavLink to="/dashboard" end className={navClass}>
            <LayoutDashboard aria-hidden="true" />
            <span>Dashboard</span>
          </NavLink>
          {isCustomer && (
            <NavLink to="/dashboard/appointments" className={navClass}>
              <CalendarPlus aria-hidden="true" />
              <span>Appointments</span>
            </NavLink>
          )}
          <Button variant="ghost" size="sm" startIcon={<LogOut aria-hidden="true" />} onClick={() => void dispatch(logoutUser({ redirectTo: '/login' }))}>
            Logout
          </Button>
        </nav>
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
