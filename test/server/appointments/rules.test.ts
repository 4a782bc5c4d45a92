import { jobStateOf } from '../../../server/src/appointments/rules';

describe('jobStateOf (appointments/rules.ts)', () => {
  it('reads a stored job’s lifecycle fields, instants as ISO strings', () => {
    expect(
      jobStateOf({
        status: 'IN_PROGRESS',
        stage: 'AWAITING_PARTS',
        progress: 50,
        started_at: new Date('2030-06-03T14:00:00Z'),
        estimated_completion: new Date('2030-06-03T15:00:00Z'),
        completed_at: null,
      }),
    ).toEqual({
      status: 'IN_PROGRESS',
      stage: 'AWAITING_PARTS',
      progress: 50,
      startedAt: '2030-06-03T14:00:00.000Z',
      estimatedCompletion: '2030-06-03T15:00:00.000Z',
      completedAt: null,
    });
  });

  it('keeps what is unset as null', () => {
    expect(jobStateOf({ status: 'CONFIRMED', stage: null, progress: null, started_at: null, estimated_completion: null, completed_at: null })).toEqual({
      status: 'CONFIRMED',
      stage: null,
      progress: null,
      startedAt: null,
      estimatedCompletion: null,
      completedAt: null,
    });
  });
});
