import type { FastifyBaseLogger } from 'fastify';
import { STREAM_CONTROL } from '../contract/live';
import { formatSseMessage, type SseStream } from './sse';
import type { LiveEventHub, LiveSubscriber, LiveSubscription, PublishedEvent } from './types';

export interface ResumeHandlers {
  /** Each event this subscriber may see, once: the missed ones first, then the live ones, in order. */
  onEvent(event: PublishedEvent): void;
  /** The hub's control events, and `resync` when the missed events are no longer kept (or could not be read). */
  onControl(control: 'resync' | 'session-ended'): void;
}

/**
 * Subscribes to the hub and, when the client sent `Last-Event-ID`, first replays what it missed — with no gap and
 * no duplicate: the subscription starts before the replay is read, events arriving meanwhile are held, and those
 * the replay already sent are skipped. Returns at once (the replay runs in the background), so the caller can tie
 * `unsubscribe` to its stream's close before anything is awaited; nothing is delivered after `unsubscribe`.
 */
function subscribeResuming(
  hub: LiveEventHub,
  subscriber: LiveSubscriber,
  lastEventId: string | null,
  handlers: ResumeHandlers,
  log: FastifyBaseLogger,
): LiveSubscription {
  const replayed = new Set<string>();
  let held: PublishedEvent[] | null = lastEventId === null ? null : [];
  let ended = false;
  const send = (event: PublishedEvent) => {
    if (!ended && !replayed.has(event.eventId)) handlers.onEvent(event);
  };
  const subscription = hub.subscribe(subscriber, {
    onEvent: (event) => {
      if (held) held.push(event);
      else send(event);
    },
    onControl: (control) => {
      if (!ended) handlers.onControl(control);
    },
  });

  async function replayThenRelease(after: string): Promise<void> {
    let missed: PublishedEvent[] | null = null;
    try {
      missed = await hub.replay(subscriber, after);
    } catch (error) {
      log.error({ err: error }, 'live events replay failed');
    }
    if (ended) return;
    if (missed === null) handlers.onControl('resync');
    else
      for (const event of missed) {
        send(event);
        replayed.add(event.eventId);
      }
    const waiting = held ?? [];
    held = null;
    for (const event of waiting) send(event);
  }
  if (lastEventId !== null) void replayThenRelease(lastEventId);

  return {
    unsubscribe() {
      ended = true;
      held = null;
      subscription.unsubscribe();
    },
  };
}

/** The `Last-Event-ID` a client sent (the SSE spec's header), or null. */
export function lastEventIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
}

/** Each event framed once, however many streams it goes to. */
const framed = new WeakMap<PublishedEvent, string>();

function frame(event: PublishedEvent): string {
  let text = framed.get(event);
  if (text === undefined) framed.set(event, (text = formatSseMessage(event.data.type, event.data, event.eventId)));
  return text;
}

/**
 * What every stream does with the hub (GET /api/events and a tracking link's stream): subscribes (resuming after
 * `lastEventId`), writes each event (framed once for all its streams), `resync` as it comes, and on `session-ended`
 * — the session or tracking link the stream was opened with was revoked — writes it and ends the stream; the
 * subscription ends with the stream. `afterEvent` runs after each event written.
 */
export function streamLiveEvents(
  stream: SseStream,
  hub: LiveEventHub,
  subscriber: LiveSubscriber,
  lastEventId: string | null,
  log: FastifyBaseLogger,
  afterEvent?: (event: PublishedEvent) => void,
): void {
  const subscription = subscribeResuming(
    hub,
    subscriber,
    lastEventId,
    {
      onEvent: (event) => {
        if (stream.writeFramed(frame(event))) afterEvent?.(event);
      },
      onControl: (control) => {
        if (control === 'resync') stream.writeControl(STREAM_CONTROL.resync);
        else stream.end(STREAM_CONTROL.sessionEnded);
      },
    },
    log,
  );
  stream.onClose(() => subscription.unsubscribe());
}
