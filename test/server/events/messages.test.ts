import { LIVE_EVENT_TYPES } from '../../../server/src/contract/live';
import { isLiveEventType, parseEvents, parseNotification } from '../../../server/src/events/messages';
import { TRACKING_LINK_KINDS } from '../../../server/src/events/hub';

/** The live channel's messages (events/messages.ts): what the triggers send, as the hub reads it. */

const ID = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';
const USER = '0b1d6e4a-6d8b-4a0e-9d0e-6a5b1c2d3e4f';

describe('parseNotification', () => {
  it.each(LIVE_EVENT_TYPES)('reads a %s event of a `d:` notification as that kind', (type) => {
    const payload = `d:${JSON.stringify([['42', type, ID, 3, ID, true, [USER]]])}`;
    expect(parseNotification(payload)).toEqual({
      kind: 'events',
      events: [{ eventId: '42', data: { type, id: ID, version: 3, appointmentId: ID }, audience: { admins: true, userIds: [USER] } }],
    });
  });

  it('reads every kind of the contract in one notification, in order', () => {
    const rows = LIVE_EVENT_TYPES.map((type, index) => [String(index + 1), type, ID, 1, null, false, [USER]]);
    const parsed = parseNotification(`d:${JSON.stringify(rows)}`);
    expect(parsed?.kind).toBe('events');
    expect(parsed?.kind === 'events' && parsed.events.map((event) => event.data.type)).toEqual([...LIVE_EVENT_TYPES]);
  });

  it('calls a kind the contract does not list unreadable (the hub then resyncs every stream)', () => {
    expect(parseNotification(`d:${JSON.stringify([['1', 'invoice.paid', ID, 1, null, true, []]])}`)).toEqual({ kind: 'unreadable' });
    expect(parseNotification('d:not json')).toEqual({ kind: 'unreadable' });
    expect(parseNotification(`d:${JSON.stringify([['1', 'appointment.created', ID, '1', null, true, []]])}`)).toEqual({ kind: 'unreadable' });
  });

  it('reads a bulk write’s range, and ignores a malformed one', () => {
    expect(parseNotification('e:123:40:60')).toEqual({ kind: 'range', range: { tx: '123', first: '40', last: '60' } });
    expect(parseNotification('e:123:40')).toBeNull();
    expect(parseNotification('e:x:1:2')).toBeNull();
  });

  it('names revoked sessions and tracking links as the streams were opened with them', () => {
    expect(parseNotification(`s:${ID},${USER}`)).toEqual({ kind: 'revoked', grants: [`s:${ID}`, `s:${USER}`] });
    expect(parseNotification('t:abcdefghijklmnopqrstuv')).toEqual({ kind: 'revoked', grants: ['t:abcdefghijklmnopqrstuv'] });
  });

  it('ignores anything else', () => {
    expect(parseNotification('x:whatever')).toBeNull();
    expect(parseNotification('')).toBeNull();
  });
});

describe('the event kinds come from the contract', () => {
  it('isLiveEventType accepts exactly LIVE_EVENT_TYPES', () => {
    for (const type of LIVE_EVENT_TYPES) expect(isLiveEventType(type)).toBe(true);
    for (const other of ['appointment', 'APPOINTMENT.CREATED', '', null, 1]) expect(isLiveEventType(other)).toBe(false);
  });

  it('tracking links receive only kinds of the contract', () => {
    expect(TRACKING_LINK_KINDS).toEqual(['appointment.updated', 'job.billing.changed']);
    for (const type of TRACKING_LINK_KINDS) expect(LIVE_EVENT_TYPES).toContain(type);
  });

  it('parseEvents refuses a row of the wrong length', () => {
    expect(parseEvents(JSON.stringify([['1', 'appointment.created', ID, 1, null, true]]))).toBeNull();
  });
});
