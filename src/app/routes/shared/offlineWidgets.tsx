export { OfflineBanner } from '@/features/offline';
