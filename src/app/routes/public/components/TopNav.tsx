import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Menu, X } from 'lucide-react';
import { buttonClassName } from '@/components/Button';
import { cx } from '@/lib/classNames';
import { Logo } from './Logo';
import styles from './TopNav.module.css';
import * as paths from '@/config/paths';

const primaryLinks = [
  { to: paths.home, label: 'HOME' },
  { to: paths.about, label: 'ABOUT US' },
  { to: paths.services, label: 'SERVICES' },
  { to: paths.pricing, label: 'PRICING' },
] as const;

/** Site header: brand, main navigation, Login / Register; collapses into a menu below 768 px. */
export function TopNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className={cx('theme-dark', styles.header)}>
      <div className={cx('container', styles.bar)}>
        <Link to={paths.home} className={styles.brand} aria-label="CarCare home" onClick={close}>
          <Logo />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className={styles.menuButton}
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>

        <nav id={menuId} aria-label="Main" className={styles.nav} data-open={open}>
          <ul className={styles.links}>
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={styles.link} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className={styles.auth}>
            <li>
              <Link to={paths.login} className={buttonClassName({ variant: 'ghost', className: styles.authLink })} onClick={close}>
                Login
              </Link>
            </li>
            <li>
              <Link to={paths.register} className={buttonClassName({ variant: 'primary', className: styles.authLink })} onClick={close}>
                Register
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
