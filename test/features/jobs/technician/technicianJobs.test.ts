import {
  NO_JOB_LABEL,
  OTHER_JOB_LABEL,
  jobIdsByFilter,
  jobLabel,
  logJobLabel,
  mergeTechnicianJobs,
  vehicleLine,
} from '@/features/jobs/technician/technicianJobs';
import { technicianStatusOf } from '@/features/jobs/labels';
import { technicianJob } from '../../../fixtures/technicianShop';

test('the list: open jobs in the server order, then the completed ones newest first, each once', () => {
  const open = [technicianJob({ id: 'o1', date: '2026-03-10' }), technicianJob({ id: 'o2', status: 'IN_PROGRESS', date: '2026-03-11' })];
  const completed = [technicianJob({ id: 'c1', status: 'COMPLETED', date: '2026-03-01' }), technicianJob({ id: 'c2', status: 'COMPLETED', date: '2026-03-05' })];
  expect(mergeTechnicianJobs(open, completed).map((j) => j.id)).toEqual(['o1', 'o2', 'c2', 'c1']);
  // A job that moved between the two answers is not listed twice.
  expect(mergeTechnicianJobs(open, [...completed, open[0]]).map((j) => j.id)).toEqual(['o1', 'o2', 'c2', 'c1']);
  expect(mergeTechnicianJobs(undefined, undefined)).toEqual([]);
});

test("the technician's words for a status and the ids each filter shows", () => {
  const jobs = [
    technicianJob({ id: 'a', status: 'CONFIRMED' }),
    technicianJob({ id: 'b', status: 'IN_PROGRESS' }),
    technicianJob({ id: 'c', status: 'COMPLETED' }),
    technicianJob({ id: 'd', status: 'CONFIRMED' }),
  ];
  expect(jobs.map(technicianStatusOf)).toEqual(['not_started', 'in_progress', 'completed', 'not_started']);
  const groups = jobIdsByFilter(jobs);
  expect([...groups.not_started]).toEqual(['a', 'd']);
  expect([...groups.in_progress]).toEqual(['b']);
  expect([...groups.completed]).toEqual(['c']);
});

test('how a job and a log\'s job read', () => {
  const job = technicianJob({ id: 'j', make: 'Toyota', model: 'Prius', plate: 'CAD-3312' });
  expect(vehicleLine(job)).toBe('Toyota Prius (CAD-3312)');
  expect(jobLabel(job)).toBe('Toyota Prius (CAD-3312) · Oil Change');
  const byId = new Map([[job.id, job]]);
  expect(logJobLabel('j', byId)).toBe('Toyota Prius (CAD-3312) · Oil Change');
  expect(logJobLabel(undefined, byId)).toBe(NO_JOB_LABEL);
  expect(logJobLabel(null, byId)).toBe('Not linked to a job');
  expect(logJobLabel('gone', byId)).toBe(OTHER_JOB_LABEL);
});

test('a vehicle known only by its plate is named once', () => {
  const job = technicianJob({ plate: 'WP-9001' });
  const plateOnly = { ...job, vehicle: { id: job.vehicle.id, plate: 'WP-9001' } };
  expect(vehicleLine(plateOnly)).toBe('WP-9001');
  expect(jobLabel(plateOnly)).toBe('WP-9001 · Oil Change');
});
