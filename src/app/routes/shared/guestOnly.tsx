export { GuestOnly as Component } from '@/features/auth';
