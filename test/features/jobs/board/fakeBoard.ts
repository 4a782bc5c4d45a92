import { format } from 'date-fns';
import { http, HttpResponse } from 'msw';
import type { Appointment, AssignEmployeeBody } from '@contract/appointments';
import type { Employee } from '@contract/employees';
import { API } from '../../../msw/handlers';
import { countsOf, page } from '../../../msw/shop';

/** An in-memory shop for the board's tests; it records every request, so tests assert what the screen sent. */
/** The server's 409 for a stale `expectedVersion` (CHANGED_ELSEWHERE in the contract). */
export const CHANGED_ELSEWHERE = 'This appointment was changed by someone else. Reload and try again.';

export interface FakeBoard {
  jobs: Appointment[];
  employees: Employee[];
  /** Items per page of GET /appointments (the real default is 50). */
  pageSize: number;
  requests: {
    list: URLSearchParams[];
    counts: URLSearchParams[];
    employees: URLSearchParams[];
    assign: { id: string; body: AssignEmployeeBody }[];
  };
}

/** The viewer's date, as the board computes "today". */
export function todayKey(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

export function fakeBoard(jobs: Appointment[], employees: Employee[] = [], pageSize = 50): FakeBoard {
  return { jobs, employees, pageSize, requests: { list: [], counts: [], employees: [], assign: [] } };
}

function inRange(job: Appointment, params: URLSearchParams): boolean {
  const from = params.get('from');
  const to = params.get('to');
  return (from === null || job.date >= from) && (to === null || job.date <= to);
}

const bySlot = (a: Appointment, b: Appointment) => a.date.localeCompare(b.date) || a.slot.localeCompare(b.slot) || a.id.localeCompare(b.id);

/** The list requests that asked for one status (e.g. 'PENDING'), as plain objects. */
export function listRequestsFor(board: FakeBoard, status: string): Record<string, string>[] {
  return board.requests.list.filter((params) => params.get('status') === status).map((params) => Object.fromEntries(params));
}

export function boardHandlers(board: FakeBoard) {
  return [
    http.get(`${API}/appointments/counts`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      board.requests.counts.push(params);
      return HttpResponse.json(countsOf(board.jobs.filter((job) => inRange(job, params))));
    }),
    http.get(`${API}/appointments`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      board.requests.list.push(params);
      const statuses = params.get('status')?.split(',') ?? null;
      const matching = board.jobs.filter((job) => (statuses === null || statuses.includes(job.status)) && inRange(job, params)).sort(bySlot);
      const offset = Number(params.get('cursor') ?? 0);
      const end = offset + board.pageSize;
      return HttpResponse.json(page(matching.slice(offset, end), end < matching.length ? String(end) : undefined));
    }),
    http.get(`${API}/employees`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      board.requests.employees.push(params);
      const date = params.get('date');
      const slot = params.get('slot');
      return HttpResponse.json(
        board.employees.map((employee) => {
          const busy = board.jobs.some((job) => job.assignedEmployee?.id === employee.id && job.date === date && job.slot === slot && job.status !== 'CANCELLED');
          return busy ? { ...employee, availability: 'busy' } : employee;
        }),
      );
    }),
    http.post(`${API}/appointments/:id/assign`, async ({ request, params }) => {
      const id = String(params.id);
      const body = (await request.json()) as AssignEmployeeBody;
      board.requests.assign.push({ id, body });
      const job = board.jobs.find((j) => j.id === id);
      if (!job) return HttpResponse.json({ message: 'Appointment not found', success: false }, { status: 404 });
      if (job.status !== 'PENDING' && job.assignedEmployee) {
        return HttpResponse.json({ message: `Already assigned to ${job.assignedEmployee.fullName}.`, success: false }, { status: 409 });
      }
      if (body.expectedVersion !== undefined && body.expectedVersion !== job.version) {
        return HttpResponse.json({ message: CHANGED_ELSEWHERE, success: false }, { status: 409 });
      }
      const employee = board.employees.find((e) => e.id === body.employeeId);
      if (!employee) return HttpResponse.json({ message: 'Employee not found', success: false }, { status: 404 });
      const assigned: Appointment = {
        ...job,
        status: 'CONFIRMED',
        version: job.version + 1,
        assignedEmployee: { id: employee.id, fullName: employee.fullName, ...(employee.specialization && { department: employee.specialization }) },
      };
      board.jobs = board.jobs.map((j) => (j.id === id ? assigned : j));
      board.employees = board.employees.map((e) => (e.id === employee.id ? { ...e, currentWorkload: e.currentWorkload + 1 } : e));
      return HttpResponse.json(assigned);
    }),
  ];
}
