import { Bell, ChartColumn, LayoutDashboard, LogOut, Package, Wrench } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/Button';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { logoutUser } from '@/features/auth/authThunks';
import { cx } from '@/lib/classNames';
import styles from './AdminLayout.module.css';

const NAV_ITEMS = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/admin/analytics', label: 'Analytics', Icon: ChartColumn },
  { to: '/admin/inventory', label: 'Inventory', Icon: Package },
  { to: '/admin/notifications', label: 'Notifications', Icon: Bell },
] as const;

/** The admin area shell (spec §2 "Admin sub-routes"): its own navigation, Logout (then /login), and the page. */
export default function AdminLayout() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const navClass = ({ isActive }: { isActive: boolean }) => cx(styles.link, isActive && styles.active);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.brandRow}>
          <Link to="/admin/dashboard" className={styles.brand} aria-label="CarCare admin home">
            <Wrench aria-hidden="true" />
            <span>CarCare</span>
            <span className={styles.badge}>Admin</span>
          </Link>
          {user && <span className={styles.user}>{user.fullName}</span>}
        </div>
        <nav aria-label="Admin" className={styles.nav}>
          <ul className={styles.links}>
            {NAV_ITEMS.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink to={to} className={navClass}>
                  <Icon aria-hidden="true" />
                  <span>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="sm"
            className={styles.logout}
            startIcon={<LogOut aria-hidden="true" />}
            onClick={() => void dispatch(logoutUser({ redirectTo: '/login' }))}
          >
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
