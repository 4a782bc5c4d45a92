import type { Appointment } from '@contract/appointments';
import type { Employee } from '@contract/employees';
import { catalog, makeAppointment, makeEmployee } from '../../../msw/shop';

/** The catalogue's service type as a job carries it. */
export function serviceOf(code: string): Appointment['serviceType'] {
  const type = catalog.serviceTypes.find((t) => t.code === code);
  if (!type) throw new Error(`No service type ${code}`);
  return { code: type.code, name: type.name, durationMinutes: type.durationMinutes, price: type.price };
}

const [downtown, northside] = catalog.centers.map(({ id, name, address }) => ({ id, name, address }));

/** A technician as an appointment names them. */
const tech = (employee: Employee) => ({ id: employee.id, fullName: employee.fullName, ...(employee.specialization && { department: employee.specialization }) });

/** The registered technicians, in the server's order (by name). */
export function technicians() {
  const chamari = makeEmployee({ fullName: 'Chamari Rathnayake', email: 'chamari@example.com', specialization: 'Diagnostics', currentWorkload: 0 });
  const kasun = makeEmployee({ fullName: 'Kasun Silva', email: 'kasun@example.com', specialization: 'Brakes & Suspension', currentWorkload: 4, availability: 'busy' });
  const nimal = makeEmployee({ fullName: 'Nimal Perera', email: 'nimal@example.com', specialization: 'Engine', currentWorkload: 2 });
  const ruwan = makeEmployee({ fullName: 'Ruwan Fernando', email: 'ruwan@example.com', specialization: 'Electrical', currentWorkload: 1 });
  const shehan = makeEmployee({ fullName: 'Shehan Gunawardena', email: 'shehan@example.com', specialization: undefined, currentWorkload: 0 });
  const tharindu = makeEmployee({ fullName: 'Tharindu Wickramasinghe', email: 'tharindu@example.com', specialization: 'Diagnostics', currentWorkload: 3, availability: 'busy' });
  return { chamari, kasun, nimal, ruwan, shehan, tharindu, all: [chamari, kasun, nimal, ruwan, shehan, tharindu] };
}

/** A shop with jobs in every column (dates far ahead, so always "from today on"), and its technicians. */
export function shopWithJobs() {
  const people = technicians();
  const camry = makeAppointment({
    status: 'PENDING',
    version: 3,
    vehicle: { id: 'v-camry', plate: 'CAB-1234', make: 'Toyota', model: 'Camry', year: 2020 },
    serviceType: serviceOf('FULL_SERVICE'),
    customer: { id: 'c-kavindi', fullName: 'Kavindi Senanayake', email: 'kavindi.s@example.com', phoneNumber: '+94 77 000 0001', emailVerified: true },
    center: downtown,
    bay: 3,
    date: '2099-01-15',
    slot: '09:00',
    slotLabel: '09:00-10:00 AM',
  });
  const mazda = makeAppointment({
    status: 'PENDING',
    vehicle: { id: 'v-mazda', plate: 'CAD-7788', make: 'Mazda', model: '3', year: 2021 },
    serviceType: serviceOf('AIR_FILTER_REPLACEMENT'),
    center: northside,
    bay: 2,
    date: '2099-01-16',
    slot: '10:00',
    slotLabel: '10:00-11:00 AM',
  });
  const kia = makeAppointment({
    status: 'PENDING',
    vehicle: { id: 'v-kia', plate: 'WP-PD-5090', make: 'Kia', model: 'Sportage', year: 2022 },
    serviceType: serviceOf('BRAKE_INSPECTION'),
    date: '2099-01-17',
    slot: '14:00',
    slotLabel: '02:00-03:00 PM',
  });
  const civic = makeAppointment({
    status: 'CONFIRMED',
    vehicle: { id: 'v-civic', plate: 'CBA-5678', make: 'Honda', model: 'Civic', year: 2019 },
    serviceType: serviceOf('OIL_CHANGE'),
    customer: { id: 'c-amaya', fullName: 'Amaya Wijesinghe', email: 'amaya.w@example.com', phoneNumber: '+94 77 000 0002', emailVerified: true },
    center: downtown,
    bay: 2,
    date: '2099-01-15',
    slot: '11:00',
    slotLabel: '11:00 AM-12:00 PM',
    assignedEmployee: tech(people.ruwan),
  });
  const swift = makeAppointment({
    status: 'CONFIRMED',
    vehicle: { id: 'v-swift', plate: 'CAE-4455', make: 'Suzuki', model: 'Swift', year: 2018 },
    serviceType: serviceOf('TIRE_ROTATION'),
    date: '2099-01-18',
    slot: '15:00',
    slotLabel: '03:00-04:00 PM',
    assignedEmployee: tech(people.nimal),
  });
  // In progress since a past day: still ongoing today.
  const xtrail = makeAppointment({
    status: 'IN_PROGRESS',
    stage: 'AWAITING_PARTS',
    progress: 40,
    vehicle: { id: 'v-xtrail', plate: 'CAF-9001', make: 'Nissan', model: 'X-Trail', year: 2016 },
    serviceType: serviceOf('FULL_SERVICE'),
    date: '2020-01-10',
    slot: '09:00',
    slotLabel: '09:00-10:00 AM',
    assignedEmployee: tech(people.kasun),
    startedAt: '2020-01-10T09:05:00.000Z',
    estimatedCompletion: '2020-01-10T10:05:00.000Z',
  });
  const prius = makeAppointment({
    status: 'IN_PROGRESS',
    stage: 'IN_PROGRESS',
    progress: 65,
    vehicle: { id: 'v-prius', plate: 'CAA-3344', make: 'Toyota', model: 'Prius', year: 2017 },
    serviceType: serviceOf('BRAKE_INSPECTION'),
    customer: { id: 'c-pradeep', fullName: 'Pradeep Kumara', email: 'pradeep.kumara@example.com', phoneNumber: '+94 77 000 0003', emailVerified: true },
    center: downtown,
    bay: 4,
    date: '2099-01-15',
    slot: '09:00',
    slotLabel: '09:00-10:00 AM',
    assignedEmployee: tech(people.tharindu),
    startedAt: '2099-01-15T09:00:00.000Z',
    estimatedCompletion: '2099-01-15T10:00:00.000Z',
  });
  const bmw = makeAppointment({
    status: 'IN_PROGRESS',
    stage: 'QUALITY_CHECK',
    progress: 90,
    vehicle: { id: 'v-bmw', plate: 'CAG-1212', make: 'BMW', model: '320i', year: 2021 },
    serviceType: serviceOf('BATTERY_CHECK'),
    date: '2099-01-16',
    slot: '16:00',
    slotLabel: '04:00-05:00 PM',
    assignedEmployee: tech(people.chamari),
  });
  return { ...people, camry, mazda, kia, civic, swift, xtrail, prius, bmw, jobs: [camry, mazda, kia, civic, swift, xtrail, prius, bmw] };
}
