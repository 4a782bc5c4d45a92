import { CheckCheck, Package } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Notification } from '@contract/notifications';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import * as paths from '@/config/paths';
import { DataState } from '@/components/DataState';
import { cx } from '@/lib/classNames';
import { onFirstUse } from '@/lib/onFirstUse';
import { useLoadMore } from '@/lib/useLoadMore';
import { timeAgo } from './relativeTime';
import { useGetNotificationPagesInfiniteQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from './notificationsApi';
import styles from './NotificationList.module.css';

export const NO_NOTIFICATIONS = 'No notifications yet';
/** A low-stock notification's link to the admin's Inventory page (named with the notification's title too). */
export const VIEW_INVENTORY = 'View inventory';

const exact = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const titleId = (id: string) => `notification-${id}`;

/** "5 minutes ago", with the exact time in the title and the machine-readable one in datetime. */
function When({ instant }: { instant: string }) {
  const date = new Date(instant);
  return (
    <time dateTime={instant} title={exact().format(date)}>
      {timeAgo(date)}
    </time>
  );
}

/**
 * Unread is marked in text as well as colour, so it does not depend on seeing colour. A low-stock notification links
 * to the Inventory page; `onNavigate` runs when such a link is followed (the bell closes its panel).
 */
export function NotificationList({ variant = 'panel', onNavigate }: { variant?: 'panel' | 'page'; onNavigate?: () => void }) {
  const { data, isLoading, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetNotificationPagesInfiniteQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const { pending: busyId, error: failure, announcement, run, setError: setFailure } = useRowAction();
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const unreadCount = data?.pages[0]?.unreadCount ?? 0;
  // After "Load more", the first new item's title takes the focus.
  const fetchMore = useLoadMore(listRef, '[data-title]', items.length, fetchNextPage);

  const markAsRead = (notification: Notification) =>
    run(
      notification.id,
      async () => {
        await markRead(notification.id).unwrap();
        return `Marked as read: ${notification.title}`;
      },
      // The button goes away: the item's title keeps the focus in place.
      () => requestAnimationFrame(() => document.getElementById(titleId(notification.id))?.focus()),
    );

  const markAllAsRead = () =>
    run(
      'all',
      async () => {
        await markAllRead().unwrap();
        return 'All notifications marked as read';
      },
      () => requestAnimationFrame(() => summaryRef.current?.focus()),
    );

  async function loadMore() {
    setFailure(null);
    const error = await fetchMore();
    if (error !== undefined) setFailure(messageOf(error));
  }

  return (
    <div className={cx(styles.list, styles[variant])}>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
      <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading notifications">
        {items.length === 0 ? (
          <p className={styles.empty}>{NO_NOTIFICATIONS}</p>
        ) : (
          <>
            <div className={styles.toolbar}>
              <p className={styles.summary} ref={summaryRef} tabIndex={-1}>
                {unreadCount} unread
              </p>
              <Button
                size="sm"
                variant="secondary"
                startIcon={<CheckCheck aria-hidden="true" />}
                loading={markingAll}
                disabled={unreadCount === 0}
                onClick={() => void markAllAsRead()}
              >
                Mark all as read
              </Button>
            </div>
            {failure && <Alert variant="error">{failure}</Alert>}
            <ul className={styles.items} ref={listRef}>
              {items.map((notification) => {
                const unread = notification.readAt === null;
                return (
                  <li key={notification.id} className={cx(styles.item, unread && styles.unread)}>
                    <div className={styles.head}>
                      <p className={styles.title} id={titleId(notification.id)} tabIndex={-1} data-title>
                        {notification.title}
                      </p>
                      {unread && <span className={styles.badge}>Unread</span>}
                    </div>
                    <p className={styles.message}>{notification.message}</p>
                    <div className={styles.foot}>
                      <When instant={notification.createdAt} />
                      {notification.kind === 'PART_LOW_STOCK' && (
                        <Link to={paths.adminInventory} className={styles.link} aria-describedby={titleId(notification.id)} onClick={onNavigate}>
                          <Package aria-hidden="true" />
                          {VIEW_INVENTORY}
                        </Link>
                      )}
                      {unread && (
                        <Button
                          size="sm"
                          variant="ghost"
                          loading={busyId === notification.id}
                          aria-describedby={titleId(notification.id)}
                          onClick={() => void markAsRead(notification)}
                        >
                          Mark as read
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            {hasNextPage && (
              <Button variant="secondary" size="sm" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
                Load more
              </Button>
            )}
          </>
        )}
      </DataState>
    </div>
  );
}
