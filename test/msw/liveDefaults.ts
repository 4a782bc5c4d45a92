import { http, HttpResponse } from 'msw';
import type { NotificationPage } from '@contract/notifications';
import { API } from './handlers';

/** An event stream that stays open and says nothing (the default: the signed-in layouts connect in every test). */
function silentStream(): Response {
  return new HttpResponse(new ReadableStream<Uint8Array>({ start() {} }), { headers: { 'Content-Type': 'text/event-stream' } });
}

/** The default answers of the live endpoints: a quiet stream, and no notifications. */
export const liveHandlers = [
  http.get(`${API}/events`, () => silentStream()),
  http.get(`${API}/notifications`, () => HttpResponse.json({ items: [], unreadCount: 0 } satisfies NotificationPage)),
];
