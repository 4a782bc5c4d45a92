import { filterEmployees } from '@/features/staff/technicianSearch';
import { technicians } from '../jobs/board/boardFixtures';

const { all } = technicians();
const names = (query: string) => filterEmployees(all, query).map((e) => e.fullName);

test('matches name or specialization, case-insensitively, ignoring surrounding spaces', () => {
  expect(names('  nimal ')).toEqual(['Nimal Perera']);
  expect(names('PERERA')).toEqual(['Nimal Perera']);
  expect(names('DIAGNOSTICS')).toEqual(['Chamari Rathnayake', 'Tharindu Wickramasinghe']);
  expect(names('brakes &')).toEqual(['Kasun Silva']);
});

test('a technician without a department is found by name only', () => {
  expect(names('shehan')).toEqual(['Shehan Gunawardena']);
  expect(names('department')).toEqual([]);
});

test('a blank query keeps everyone; no match gives an empty list', () => {
  expect(filterEmployees(all, '   ')).toBe(all);
  expect(filterEmployees(all, 'zzz')).toEqual([]);
});
