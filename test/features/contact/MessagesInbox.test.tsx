import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ContactMessage, NewsletterSubscriber } from '@contract/contact';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
const FIRST_LOAD = { timeout: 5000 };
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function contactMessage(n: number, overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    subject: `Question ${n}`,
    message: `Message number ${n}.\nSecond line.`,
    receivedAt: new Date(Date.UTC(2030, 5, 1, 12, 0) - n * 3_600_000).toISOString(),
    ...overrides,
  };
}

function subscriber(email: string, n: number): NewsletterSubscriber {
  return { id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, email, subscribedAt: '2030-05-20T09:00:00.000Z' };
}

/**
 * A stateful stand-in for the contact endpoints (server/src/contract/contact.ts): newest first as given, pages of
 * `?limit=` with a numeric cursor, mark read, the newsletter list and removal. `fail` makes a path answer 500.
 */
function contactServer(initial: ContactMessage[], initialSubscribers: NewsletterSubscriber[] = [], fail: { read?: boolean } = {}) {
  let messages = initial.map((entry) => ({ ...entry }));
  let subscribers = [...initialSubscribers];
  const posts: string[] = [];
  const deletes: string[] = [];
  const pageOf = <T,>(items: T[], url: URL) => {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const next = start + limit;
    return { items: items.slice(start, next), ...(next < items.length && { nextCursor: String(next) }) };
  };
  server.use(
    http.get(`${API}/contact-messages`, ({ request }) =>
      HttpResponse.json({
        ...pageOf(messages, new URL(request.url)),
        total: messages.length,
        unreadCount: messages.filter((entry) => entry.readAt === undefined).length,
      }),
    ),
    http.post(`${API}/contact-messages/:id/read`, ({ params }) => {
      posts.push(String(params.id));
      if (fail.read) return HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 });
      const found = messages.find((entry) => entry.id === params.id);
      if (!found) return HttpResponse.json({ message: 'Message not found', success: false }, { status: 404 });
      const read = { ...found, readAt: found.readAt ?? '2030-06-01T13:00:00.000Z', readBy: found.readBy ?? 'Ada Admin' };
      messages = messages.map((entry) => (entry.id === found.id ? read : entry));
      return HttpResponse.json(read);
    }),
    http.get(`${API}/newsletter-subscribers`, ({ request }) => HttpResponse.json({ ...pageOf(subscribers, new URL(request.url)), total: subscribers.length })),
    http.delete(`${API}/newsletter-subscribers/:id`, ({ params }) => {
      deletes.push(String(params.id));
      subscribers = subscribers.filter((entry) => entry.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { posts, deletes };
}

const messagesPanel = () => screen.getByRole('tabpanel', { name: 'Contact messages' });
const articles = () => within(messagesPanel()).getAllByRole('article');

describe('/admin/messages', () => {
  it('lists the messages newest first with sender, e-mail link, received time and text; unread ones marked', async () => {
    const read = contactMessage(2, { readAt: '2030-06-01T10:30:00.000Z', readBy: 'Workshop Admin', subject: '' });
    contactServer([contactMessage(1), read]);
    renderApp('/admin/messages', admin());

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await within(messagesPanel()).findByText('2 messages, 1 unread.')).toBeInTheDocument();

    const [first, second] = articles();
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Question 1');
    expect(first).toHaveAccessibleName('Question 1');
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    expect(within(first).getByText('Visitor 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'visitor1@example.com' })).toHaveAttribute('href', 'mailto:visitor1@example.com');
    expect(within(first).getByText(dateTime.format(new Date(contactMessage(1).receivedAt)))).toHaveAttribute('datetime', contactMessage(1).receivedAt);
    expect(within(first).getByText(/Message number 1\./)).toHaveTextContent('Message number 1. Second line.');
    expect(within(first).getByRole('button', { name: 'Mark as read: Question 1 from Visitor 1' })).toHaveTextContent('Mark as read');

    expect(within(second).getByRole('heading', { level: 2 })).toHaveTextContent('(no subject)');
    expect(within(second).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(within(second).getByText(/^Read/)).toHaveTextContent(`Read ${dateTime.format(new Date('2030-06-01T10:30:00.000Z'))} by Workshop Admin`);
  });

  it('links a hostile stored address to itself only: no cc, bcc or body rides along in the mailto: link', async () => {
    const hostile = 'evil@example.com?cc=boss@example.org&body=Pay%20now';
    contactServer([contactMessage(1, { email: hostile })]);
    renderApp('/admin/messages', admin());
    const link = await within(await screen.findByRole('tabpanel', { name: 'Contact messages' }, FIRST_LOAD)).findByRole('link', { name: hostile });
    const href = link.getAttribute('href') ?? '';
    expect(href).not.toMatch(/[?&#]/);
    expect(decodeURIComponent(href)).toBe(`mailto:${hostile}`);
  });

  it('marks a message read: the server is told, the mark goes, the counts and the navigation follow', async () => {
    const { posts } = contactServer([contactMessage(1), contactMessage(2)]);
    const { user } = renderApp('/admin/messages', admin());
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, FIRST_LOAD);
    expect(await within(nav).findByRole('link', { name: 'Messages (2 unread)' })).toHaveAttribute('href', '/admin/messages');
    await within(messagesPanel()).findByText('2 messages, 2 unread.');

    await user.click(within(articles()[1]).getByRole('button', { name: 'Mark as read: Question 2 from Visitor 2' }));

    expect(posts).toEqual([contactMessage(2).id]);
    await waitFor(() => expect(within(articles()[1]).queryByText('Unread')).not.toBeInTheDocument());
    expect(within(articles()[1]).getByText(/^Read/)).toHaveTextContent('by Ada Admin');
    expect(within(articles()[1]).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getByText('Marked as read: Question 2 from Visitor 2.')).toBeInTheDocument();
    expect(within(messagesPanel()).getByText('2 messages, 1 unread.')).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Messages (1 unread)' })).toBeInTheDocument();

    await user.click(within(articles()[0]).getByRole('button', { name: /^Mark as read/ }));
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(within(messagesPanel()).getByText('2 messages, 0 unread.')).toBeInTheDocument();
  });

  it('shows a failed "Mark as read" beside the message and keeps it unread', async () => {
    contactServer([contactMessage(1)], [], { read: true });
    const { user } = renderApp('/admin/messages', admin());
    await within(await screen.findByRole('tabpanel', { name: 'Contact messages' }, FIRST_LOAD)).findByText('1 message, 1 unread.');
    await user.click(within(articles()[0]).getByRole('button', { name: /^Mark as read/ }));
    expect(await within(articles()[0]).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(within(articles()[0]).getByText('Unread')).toBeInTheDocument();
  });

  it('loads more messages on demand and moves the focus to the first new one', async () => {
    contactServer(Array.from({ length: 25 }, (_, i) => contactMessage(i + 1)));
    const { user } = renderApp('/admin/messages', admin());
    await within(await screen.findByRole('tabpanel', { name: 'Contact messages' }, FIRST_LOAD)).findByText('25 messages, 25 unread.');
    expect(articles()).toHaveLength(20);

    await user.click(within(messagesPanel()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(articles()).toHaveLength(25));
    expect(within(articles()[24]).getByRole('heading')).toHaveTextContent('Question 25');
    await waitFor(() => expect(within(articles()[20]).getByRole('heading')).toHaveFocus());
    expect(within(messagesPanel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "No messages yet" when there are none', async () => {
    contactServer([]);
    renderApp('/admin/messages', admin());
    expect(await within(await screen.findByRole('tabpanel', { name: 'Contact messages' }, FIRST_LOAD)).findByText('No messages yet')).toBeInTheDocument();
    expect(within(messagesPanel()).queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    let fail = true;
    contactServer([contactMessage(1)]);
    server.use(
      http.get(`${API}/contact-messages`, ({ request }) => {
        if (fail && new URL(request.url).searchParams.get('limit') !== '1') {
          return HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 });
        }
        return HttpResponse.json({ items: [contactMessage(1)], total: 1, unreadCount: 1 });
      }),
    );
    const { user } = renderApp('/admin/messages', admin());
    const panel = await screen.findByRole('tabpanel', { name: 'Contact messages' }, FIRST_LOAD);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText('1 message, 1 unread.')).toBeInTheDocument();
  });

  it('lists the newsletter subscribers with a count and removes one after confirmation', async () => {
    const { deletes } = contactServer([], [subscriber('two@example.com', 2), subscriber('one@example.com', 1)]);
    const { user } = renderApp('/admin/messages', admin());
    await user.click(await screen.findByRole('tab', { name: 'Newsletter' }, FIRST_LOAD));
    const panel = screen.getByRole('tabpanel', { name: 'Newsletter' });
    expect(await within(panel).findByText(/^2 subscribers\./)).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual(['two@example.com', 'one@example.com']);

    // Keep: nothing is removed.
    await user.click(within(panel).getByRole('button', { name: 'Remove one@example.com' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove one@example.com?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(deletes).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Remove one@example.com' }));
    dialog = screen.getByRole('dialog', { name: 'Remove one@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove address' }));
    expect(deletes).toEqual([subscriber('one@example.com', 1).id]);
    expect(await within(panel).findByText(/^1 subscriber\./)).toBeInTheDocument();
    expect(within(panel).queryByText('one@example.com')).not.toBeInTheDocument();
    expect(within(panel).getByText('Removed one@example.com from the newsletter.')).toBeInTheDocument();
  });

  it('says "No subscribers yet" when the list is empty', async () => {
    contactServer([]);
    const { user } = renderApp('/admin/messages', admin());
    await user.click(await screen.findByRole('tab', { name: 'Newsletter' }, FIRST_LOAD));
    expect(await within(screen.getByRole('tabpanel', { name: 'Newsletter' })).findByText('No subscribers yet')).toBeInTheDocument();
  });
});

describe('the admin navigation', () => {
  it('names the unread count in the Messages link (its visible text), and just "Messages" with none unread', async () => {
    contactServer([contactMessage(1), contactMessage(2), contactMessage(3, { readAt: '2030-06-01T10:00:00.000Z' })]);
    renderApp('/admin/staff', admin());
    server.use(http.get(`${API}/staff`, () => HttpResponse.json([])));
    const nav = await screen.findByRole('navigation', { name: 'Admin' }, FIRST_LOAD);
    const link = await within(nav).findByRole('link', { name: 'Messages (2 unread)' });
    expect(link).toHaveTextContent('Messages (2 unread)');
  });
});
