import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Notification } from '@contract/notifications';
import { EmailChoice } from './EmailChoice';
import { NotificationList } from './NotificationList';
import { useGetNotificationPagesInfiniteQuery } from './notificationsApi';
import styles from './NotificationBell.module.css';

/** The bell's accessible name (architecture.md §UI copy): always with the count, "Notifications, 0 unread" too. */
export const bellLabel = (unread: number) => `Notifications, ${unread} unread`;

/**
 * Announces only notifications that arrive after the first load; a counter re-renders the text so the same title
 * twice is announced twice. Worked out while rendering (React's "storing information from previous renders"), so the
 * announcement lands in the same commit as the count it explains.
 */
function useArrivals(items: Notification[] | undefined) {
  const [state, setState] = useState<{ items?: Notification[]; seen: ReadonlySet<string> | null; text: string; n: number }>({
    seen: null,
    text: '',
    n: 0,
  });
  if (items && items !== state.items) {
    const fresh = state.seen === null ? [] : items.filter((item) => !state.seen?.has(item.id) && item.readAt === null);
    const seen = new Set([...(state.seen ?? []), ...items.map((item) => item.id)]);
    setState(
      fresh.length > 0
        ? { items, seen, text: fresh.map((item) => `New notification: ${item.title}`).join('. '), n: state.n + 1 }
        : { ...state, items, seen },
    );
  }
  return state;
}

/** The panel takes focus on open and gives it back to the bell on close, so keyboard users are never lost. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { data } = useGetNotificationPagesInfiniteQuery();
  const unread = data?.pages[0]?.unreadCount ?? 0;
  const arrival = useArrivals(data?.pages[0]?.items);

  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!open || !wrapper) return;
    headingRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Tabbing out of the panel closes it (a button that disappears leaves no related target: that stays open).
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !wrapper.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    wrapper.addEventListener('keydown', onKeyDown);
    wrapper.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      wrapper.removeEventListener('keydown', onKeyDown);
      wrapper.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div className={styles.bell} ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div role="status" className="visually-hidden">
        {arrival.text && <span key={arrival.n}>{arrival.text}</span>}
      </div>
      {open && (
        <section id={panelId} className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
            Notifications
          </h2>
          <EmailChoice />
          <NotificationList onNavigate={() => setOpen(false)} />
        </section>
      )}
    </div>
  );
}
