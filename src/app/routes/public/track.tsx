export { TrackingView as Component } from '@/features/tracking';
