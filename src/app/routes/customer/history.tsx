export { ServiceHistory as Component } from '@/features/reports';
