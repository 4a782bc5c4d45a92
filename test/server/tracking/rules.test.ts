import { completionEstimate, isTrackingTokenShape, linkExpiry, TRACKING_LINK_TTL_MS } from '../../../server/src/tracking/rules';

describe('tracking link rules (tracking/rules.ts)', () => {
  const done = new Date('2030-06-03T15:00:00Z');

  it('a link works while the job is open, and for the TTL after it was completed or cancelled', () => {
    expect(linkExpiry({ status: 'IN_PROGRESS', completed_at: null, cancelled_at: null })).toBeNull();
    expect(linkExpiry({ status: 'COMPLETED', completed_at: done, cancelled_at: null })).toBe(done.getTime() + TRACKING_LINK_TTL_MS);
    expect(linkExpiry({ status: 'CANCELLED', completed_at: null, cancelled_at: done })).toBe(done.getTime() + TRACKING_LINK_TTL_MS);
    expect(TRACKING_LINK_TTL_MS).toBe(30 * 86_400_000);
  });

  it('only a 22-character base64url string is looked up', () => {
    expect(isTrackingTokenShape('abcdefghijklmnopqrstuv')).toBe(true);
    expect(isTrackingTokenShape('A-_0123456789abcdefghi')).toBe(true);
    expect(isTrackingTokenShape('abcdefghijklmnopqrstu')).toBe(false);
    expect(isTrackingTokenShape('abcdefghijklmnopqrstu=')).toBe(false);
    expect(isTrackingTokenShape("abcdefghijklmnopqrst'1")).toBe(false);
  });

  it('the estimate: completion when done, none when cancelled, else the technician’s or slot start + duration', () => {
    const job = { status: 'CONFIRMED', date: '2030-06-03', slot: '09:00', estimated_completion: null, completed_at: null };
    expect(completionEstimate({ ...job, status: 'COMPLETED', completed_at: done }, 60, 'UTC')).toBe('2030-06-03T15:00:00.000Z');
    expect(completionEstimate({ ...job, status: 'CANCELLED' }, 60, 'UTC')).toBeNull();
    expect(completionEstimate({ ...job, status: 'IN_PROGRESS', estimated_completion: done }, 60, 'UTC')).toBe('2030-06-03T15:00:00.000Z');
    expect(completionEstimate(job, 90, 'America/Chicago')).toBe('2030-06-03T15:30:00.000Z');
  });
});
