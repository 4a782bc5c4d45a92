export { StaffList as Component } from '@/features/staff';
