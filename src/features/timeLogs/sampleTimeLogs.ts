import type { TimeLog } from './types';

/**
 * Fixed sample time logs (spec §1: dashboard data is sample data), on the days the sample jobs in
 * `features/services/sampleServices.ts` were worked on (October 2025).
 */
export const sampleTimeLogs: TimeLog[] = [
  {
    id: 'LOG-3001',
    serviceId: 'JOB-2004',
    date: '2025-10-21',
    startTime: '08:00',
    endTime: '11:30',
    duration: '3h 30m',
    description: 'Full service: oil and filter change, brake check, fluid top-up.',
  },
  {
    id: 'LOG-3002',
    serviceId: 'JOB-2001',
    date: '2025-10-24',
    startTime: '08:30',
    endTime: '11:00',
    duration: '2h 30m',
    description: 'Hybrid system diagnostics and inverter coolant check.',
  },
  {
    id: 'LOG-3003',
    serviceId: 'JOB-2001',
    date: '2025-10-24',
    startTime: '13:00',
    endTime: '13:45',
    duration: '0h 45m',
    description: 'Replaced cabin air filter; road test.',
  },
];
