import { Suspense, type ReactNode } from 'react';
import { LogOut, type LucideIcon, Wrench } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { cx } from '@/lib/classNames';
import { Button } from './Button';
import styles from './AppShell.module.css';

export interface AppShellNavItem {
  to: string;
  /** The link text (also its accessible name). */
  label: string;
  icon: LucideIcon;
  /** Active only on exactly this path (NavLink `end`), e.g. for a parent route. */
  end?: boolean;
}

export interface AppShellProps {
  /** The brand link's text, target and accessible name (e.g. "CarCare", "/", "CarCare home"). */
  brandName: string;
  brandTo: string;
  brandLabel: string;
  /** A small badge after the brand name (e.g. "Admin"). */
  brandBadge?: string;
  /** The signed-in user's name, shown beside the brand. */
  userName?: string;
  /** Accessible name of the <nav> (e.g. "Dashboard"). */
  navLabel: string;
  navItems: readonly AppShellNavItem[];
  /** Called by the Logout button at the end of the navigation. */
  onLogout: () => void;
  /** Controls at the end of the brand row (e.g. the notifications bell; its popover is placed against the header). */
  actions?: ReactNode;
  /** A status line under the navigation (e.g. the live updates indicator), empty when there is nothing to say. */
  status?: ReactNode;
  /**
   * A notice on every page of the frame (e.g. "Verify your e-mail address"), last in <main>: it arrives after the page
   * (it waits for the profile), and above the page it pushed what the user was about to tap; empty when none.
   */
  notice?: ReactNode;
  /** The page (e.g. the router's <Outlet />), rendered in <main id="main-content">. */
  children: ReactNode;
}

/**
 * The signed-in page frame. On phones the navigation wraps on its own row and is not sticky, because a sticky header
 * with wrapped links would cover most of a small screen.
 */
/** More links than this do not fit beside the brand on a laptop: the navigation gets a row of its own there. */
const CROWDED_NAV = 5;

export function AppShell({ brandName, brandTo, brandLabel, brandBadge, userName, navLabel, navItems, onLogout, actions, status, notice, children }: AppShellProps) {
  const navClass = ({ isActive }: { isActive: boolean }) => cx(styles.link, isActive && styles.active);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className={cx(styles.header, navItems.length > CROWDED_NAV && styles.crowded)}>
        <div className={styles.brandRow}>
          <Link to={brandTo} className={styles.brand} aria-label={brandLabel}>
            <Wrench aria-hidden="true" />
            <span>{brandName}</span>
            {/* A space between the name and the badge: the link's visible text reads "CarCare Admin", which its
                accessible name (brandLabel) must contain (WCAG 2.5.3 Label in Name). */}
            {brandBadge && (
              <>
                {' '}
                <span className={styles.badge}>{brandBadge}</span>
              </>
            )}
          </Link>
          {(userName || actions) && (
            <div className={styles.tools}>
              {userName && <span className={styles.user}>{userName}</span>}
              {actions}
            </div>
          )}
        </div>
        <nav aria-label={navLabel} className={styles.nav}>
          <ul className={styles.links}>
            {navItems.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={navClass}>
                  <Icon aria-hidden="true" />
                  <span>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" className={styles.logout} startIcon={<LogOut aria-hidden="true" />} onClick={onLogout}>
            Logout
          </Button>
        </nav>
        {status}
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {/* The frame stays while a page's code loads (a page of its own, or the role's dashboard view). */}
        <Suspense fallback={<PageSkeleton label="Loading page" />}>{children}</Suspense>
        {notice}
      </main>
    </div>
  );
}

/** Grey blocks where a page's title and cards will be, announced as `label`. */
function PageSkeleton({ label, title = true }: { label: string; title?: boolean }) {
  return (
    <>
      <p className="sr-only" role="status">
        {label}
      </p>
      <div aria-hidden="true" className={styles.skeletonPage}>
        {title && <span className={cx(styles.bone, styles.titleBone)} />}
        <span className={cx(styles.bone, styles.cardBone)} />
        <span className={cx(styles.bone, styles.cardBone)} />
        <span className={cx(styles.bone, styles.cardBone)} />
      </div>
    </>
  );
}

/**
 * AppShell's frame with grey blocks: the HTML a signed-in page paints while its code, session check and data load
 * (scripts/prerender.ts writes it into the shells). Static markup: no router, no store, so it costs nothing to hydrate.
 * `page`: the top of a known page (its heading and introduction, nothing personal) above the blocks, for the frames of
 * the dashboards.
 */
export function AppShellSkeleton({ page }: { page?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={styles.brandRow}>
          <span className={styles.brand}>
            <Wrench aria-hidden="true" />
            <span>CarCare</span>
          </span>
        </div>
        <div className={styles.nav} aria-hidden="true">
          <span className={cx(styles.bone, styles.navBone)} />
          <span className={cx(styles.bone, styles.navBone)} />
          <span className={cx(styles.bone, styles.navBone)} />
        </div>
      </header>
      <main className={styles.main} aria-busy="true">
        {page}
        <PageSkeleton label="Loading CarCare" title={page === undefined} />
      </main>
    </div>
  );
}
