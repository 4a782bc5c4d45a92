import { addToTotals, emptyTotals } from '../../../server/src/timeLogs/rules';

describe('review totals (timeLogs/rules.ts)', () => {
  it('start at zero', () => {
    expect(emptyTotals()).toEqual({ totalMinutes: 0, submittedMinutes: 0, approvedMinutes: 0, rejectedMinutes: 0, logs: 0, submitted: 0, approved: 0, rejected: 0 });
  });

  it('count each log overall and in its own state only', () => {
    const totals = emptyTotals();
    addToTotals(totals, { durationMinutes: 60, reviewState: 'SUBMITTED' });
    addToTotals(totals, { durationMinutes: 30, reviewState: 'APPROVED' });
    addToTotals(totals, { durationMinutes: 45, reviewState: 'APPROVED' });
    addToTotals(totals, { durationMinutes: 15, reviewState: 'REJECTED' });
    expect(totals).toEqual({ totalMinutes: 150, submittedMinutes: 60, approvedMinutes: 75, rejectedMinutes: 15, logs: 4, submitted: 1, approved: 2, rejected: 1 });
  });

  it('are separate objects (a technician’s totals never share the week’s)', () => {
    const a = emptyTotals();
    addToTotals(a, { durationMinutes: 10, reviewState: 'SUBMITTED' });
    expect(emptyTotals().totalMinutes).toBe(0);
  });
});
