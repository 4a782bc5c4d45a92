import { useRef, useState } from 'react';
import type { ContactMessage, NewsletterSubscriber } from '@contract/contact';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { PageHeader } from '@/components/PageHeader';
import { Tabs } from '@/components/Tabs';
import { cx } from '@/lib/classNames';
import { onFirstUse } from '@/lib/onFirstUse';
import { mailtoHref } from '@/lib/mailto';
import { useLoadMore } from '@/lib/useLoadMore';
import {
  useGetContactMessagePagesInfiniteQuery,
  useGetNewsletterSubscriberPagesInfiniteQuery,
  useMarkContactMessageReadMutation,
  useRemoveNewsletterSubscriberMutation,
} from './contactApi';
import styles from './MessagesInbox.module.css';

const dateTime = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const date = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const subjectOf = (message: ContactMessage) => message.subject || '(no subject)';
const headingId = (id: string) => `message-${id}`;

/** Focuses an element once React has rendered what changed (a new page of items, a removed row). */
function focusSoon(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => find()?.focus());
}

/**
 * The contact form's messages, newest first, a page at a time ("Load more"). Unread ones are marked (text, not
 * colour alone) and have "Mark as read"; a read one says when and by whom. The unread count is the server's.
 */
function ContactMessages() {
  const { data, isLoading, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetContactMessagePagesInfiniteQuery();
  const [markRead] = useMarkContactMessageReadMutation();
  const { pending: busyId, errors: rowErrors, announcement, run } = useRowAction();
  const [moreError, setMoreError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const messages = data?.pages.flatMap((page) => page.items) ?? [];
  const summary = data?.pages[0];
  // After "Load more", the first new message's heading takes the focus (the button may be gone now).
  const fetchMore = useLoadMore(listRef, 'h2', messages.length, fetchNextPage);

  const markAsRead = (message: ContactMessage) =>
    run(
      message.id,
      async () => {
        await markRead(message.id).unwrap();
        return `Marked as read: ${subjectOf(message)} from ${message.name}.`;
      },
      // The button goes away: the message's heading keeps the focus in place.
      () => focusSoon(() => document.getElementById(headingId(message.id))),
    );

  async function loadMore() {
    setMoreError(null);
    const error = await fetchMore();
    if (error !== undefined) setMoreError(messageOf(error));
  }

  return (
    <div className={styles.panel}>
      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading messages">
        {summary && summary.total === 0 ? (
          <p className={styles.empty}>No messages yet</p>
        ) : (
          <>
            {summary && (
              <p className={styles.summary}>
                {plural(summary.total, 'message', 'messages')}, {summary.unreadCount} unread.
              </p>
            )}
            <ul className={styles.list} ref={listRef}>
              {messages.map((message) => {
                const unread = message.readAt === undefined;
                return (
                  <li key={message.id}>
                    <article className={cx(styles.message, unread && styles.unread)} aria-labelledby={headingId(message.id)}>
                      <div className={styles.head}>
                        <h2 id={headingId(message.id)} className={styles.subject} tabIndex={-1}>
                          {subjectOf(message)}
                        </h2>
                        {unread && <span className={styles.badge}>Unread</span>}
                      </div>
                      <p className={styles.meta}>
                        From <strong>{message.name}</strong>{' '}
                        <a className={styles.email} href={mailtoHref(message.email)}>
                          {message.email}
                        </a>
                        <span aria-hidden="true"> · </span>
                        <span>
                          Received <time dateTime={message.receivedAt}>{dateTime().format(new Date(message.receivedAt))}</time>
                        </span>
                      </p>
                      <p className={styles.text}>{message.message}</p>
                      <div className={styles.actions}>
                        {unread ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={busyId === message.id}
                            aria-label={`Mark as read: ${subjectOf(message)} from ${message.name}`}
                            onClick={() => void markAsRead(message)}
                          >
                            Mark as read
                          </Button>
                        ) : (
                          <p className={styles.read}>
                            Read <time dateTime={message.readAt}>{dateTime().format(new Date(message.readAt as string))}</time>
                            {message.readBy && ` by ${message.readBy}`}
                          </p>
                        )}
                        {rowErrors[message.id] && <Alert variant="error">{rowErrors[message.id]}</Alert>}
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
            {moreError && <Alert variant="error">{moreError}</Alert>}
            {hasNextPage && (
              <Button variant="secondary" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
                Load more
              </Button>
            )}
          </>
        )}
      </DataState>
    </div>
  );
}

/** The newsletter list with Remove (how an unsubscribe request is honoured), behind a confirmation. */
function NewsletterSubscribers() {
  const { data, isLoading, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetNewsletterSubscriberPagesInfiniteQuery();
  const [remove] = useRemoveNewsletterSubscriberMutation();
  const [confirming, setConfirming] = useState<NewsletterSubscriber | null>(null);
  const { pending: busyId, error: failure, announcement, run } = useRowAction();
  const [moreError, setMoreError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const subscribers = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total;

  async function confirmRemoval() {
    if (!confirming) return;
    const subscriber = confirming;
    setConfirming(null);
    await run(
      subscriber.id,
      async () => {
        await remove(subscriber.id).unwrap();
        return `Removed ${subscriber.email} from the newsletter.`;
      },
      () => focusSoon(() => summaryRef.current),
    );
  }

  async function loadMore() {
    setMoreError(null);
    const result = await fetchNextPage();
    if (result.isError) setMoreError(messageOf(result.error));
  }

  return (
    <div className={styles.panel}>
      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      {failure && <Alert variant="error">{failure}</Alert>}
      <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading subscribers">
        {total === 0 ? (
          <p className={styles.empty} ref={summaryRef} tabIndex={-1}>
            No subscribers yet
          </p>
        ) : (
          <>
            {total !== undefined && (
              <p className={styles.summary} ref={summaryRef} tabIndex={-1}>
                {plural(total, 'subscriber', 'subscribers')}. Remove an address when its owner asks to unsubscribe.
              </p>
            )}
            <ul className={styles.subscribers}>
              {subscribers.map((subscriber) => (
                <li key={subscriber.id} className={styles.subscriber}>
                  <span className={styles.email}>{subscriber.email}</span>
                  <span className={styles.since}>
                    Since <time dateTime={subscriber.subscribedAt}>{date().format(new Date(subscriber.subscribedAt))}</time>
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busyId === subscriber.id}
                    aria-label={`Remove ${subscriber.email}`}
                    onClick={() => setConfirming(subscriber)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            {moreError && <Alert variant="error">{moreError}</Alert>}
            {hasNextPage && (
              <Button variant="secondary" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
                Load more
              </Button>
            )}
          </>
        )}
      </DataState>

      {confirming && (
        <Modal
          open
          onClose={() => setConfirming(null)}
          size="sm"
          initialFocusRef={keepRef}
          title={`Remove ${confirming.email}?`}
          description="The address leaves the newsletter list and gets no more newsletters. Its owner can subscribe again from the home page."
          footer={
            <>
              <Button ref={keepRef} variant="secondary" onClick={() => setConfirming(null)}>
                Keep
              </Button>
              <Button variant="danger" onClick={() => void confirmRemoval()}>
                Remove address
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}

/** What visitors sent through the home page's contact form, and the newsletter list. */
export function MessagesInbox() {
  return (
    <div className={styles.page}>
      <PageHeader title="Messages">Messages sent through the contact form on the home page, and the newsletter list.</PageHeader>
      <Tabs
        label="Messages and newsletter"
        tabs={[
          { id: 'messages', label: 'Contact messages', content: <ContactMessages /> },
          { id: 'newsletter', label: 'Newsletter', content: <NewsletterSubscribers /> },
        ]}
      />
    </div>
  );
}
