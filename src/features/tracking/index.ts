// The tracking domain: a job's public link (the customer's panel) and the page that link opens (no sign-in).
export { trackingApi } from './trackingApi';
export { TrackingLinkPanel } from './TrackingLinkPanel';
export { TrackingView, type TrackedSectionProps, type TrackingViewProps } from './TrackingView';
