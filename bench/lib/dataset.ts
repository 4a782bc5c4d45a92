import type { CustomerServiceJob, EmployeeServiceJob, EmployeeServiceStatus } from '../../src/features/services/types';
import type { TimeLog } from '../../src/features/timeLogs/types';

export const DATASET = { services: 1_000, timeLogs: 10_000, months: 24, seed: 20_251_021 };

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const VEHICLES = ['Toyota Corolla', 'Honda Civic', 'Nissan Leaf', 'Suzuki Swift', 'Toyota Prius', 'Mitsubishi Outlander', 'Kia Sportage', 'Hyundai Tucson'];
const SERVICE_TYPES = ['Regular Maintenance', 'Custom Modification', 'Accident Repair'];
const CENTERS = ['CarCare Colombo Central', 'CarCare Kandy', 'CarCare Galle'];
const PEOPLE = ['Nimal Perera', 'Kasun Silva', 'Ruwan Fernando', 'Amaya Jayasinghe', 'Dilani Wickramasinghe', 'Tharindu Bandara'];
const TASKS = ['Oil and filter change', 'Brake inspection', 'Hybrid system diagnostics', 'Wheel alignment', 'Body panel repair', 'Coolant flush'];
const EMPLOYEE_STATUSES: EmployeeServiceStatus[] = ['not_started', 'in_progress', 'completed'];

const pad2 = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

export interface Dataset {
  customerServices: CustomerServiceJob[];
  employeeServices: EmployeeServiceJob[];
  timeLogs: TimeLog[];
}

/**
 * 1,000 customer jobs, 1,000 technician jobs and 10,000 time logs, deterministic for a seed. The logs cover
 * the DATASET.months months up to and including `today`'s month (about 14 a day), so the calendar's first
 * month and the ones before it are full.
 */
export function generateDataset(today: Date, seed = DATASET.seed): Dataset {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const isoAround = (dayOffset: number, hour: number) => new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + dayOffset, hour)).toISOString();

  const base = (i: number, prefix: string) => {
    const offset = Math.floor(rand() * 365) - 300;
    return {
      id: `${prefix}-${100_000 + i}`,
      vehicleName: pick(VEHICLES),
      vehicleNumber: `C${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}-${1000 + Math.floor(rand() * 9000)}`,
      serviceType: pick(SERVICE_TYPES),
      startDate: isoAround(offset, 8 + Math.floor(rand() * 4)),
      estimatedCompletion: isoAround(offset + 1 + Math.floor(rand() * 10), 16),
      serviceCenter: pick(CENTERS),
      centerSlot: `Bay ${1 + Math.floor(rand() * 8)}`,
    };
  };

  const customerServices: CustomerServiceJob[] = Array.from({ length: DATASET.services }, (_, i) => ({
    ...base(i, 'SRV'),
    status: rand() < 0.5 ? 'not_completed' : 'completed',
    assignedEmployee: pick(PEOPLE),
  }));

  const employeeServices: EmployeeServiceJob[] = Array.from({ length: DATASET.services }, (_, i) => {
    const job = base(i, 'JOB');
    const status = pick(EMPLOYEE_STATUSES);
    return { ...job, status, customerName: pick(PEOPLE), ...(status === 'completed' ? { completedAt: job.estimatedCompletion } : {}) };
  });

  const firstMonth = new Date(today.getFullYear(), today.getMonth() - (DATASET.months - 1), 1);
  const timeLogs: TimeLog[] = Array.from({ length: DATASET.timeLogs }, (_, i) => {
    const month = new Date(firstMonth.getFullYear(), firstMonth.getMonth() + Math.floor(rand() * DATASET.months), 1);
    const daysInMonth = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    const date = `${month.getFullYear()}-${pad2(month.getMonth() + 1)}-${pad2(1 + Math.floor(rand() * daysInMonth))}`;
    const start = 7 * 60 + 15 * Math.floor(rand() * 40); // 07:00 … 16:45
    const length = 15 * (1 + Math.floor(rand() * 12)); // 15 min … 3 h
    return {
      id: `LOG-${100_000 + i}`,
      serviceId: employeeServices[Math.floor(rand() * employeeServices.length)].id,
      date,
      startTime: hhmm(start),
      endTime: hhmm(start + length),
      duration: `${Math.floor(length / 60)}h ${length % 60}m`,
      description: `${pick(TASKS)} (entry ${i + 1})`,
    };
  });

  return { customerServices, employeeServices, timeLogs };
}

/** redux-persist's key and version in src/app/store.ts (PERSIST_KEY, PERSIST_VERSION); not imported, see run.ts. */
export const PERSIST_STORAGE_KEY = 'persist:carcare';
export const PERSIST_VERSION = 2;

/** The localStorage value redux-persist would write: each slice as a JSON string, plus `_persist`. */
export function persistedValue(data: Dataset): string {
  return JSON.stringify({
    services: JSON.stringify({ customerServices: data.customerServices, employeeServices: data.employeeServices }),
    timeLogs: JSON.stringify({ logs: data.timeLogs }),
    _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }),
  });
}
