import { TrackedEstimatePanel } from '@/features/billing';
import { TrackingView, type TrackedSectionProps } from '@/features/tracking';

const renderEstimate = ({ token, refreshes }: TrackedSectionProps) => <TrackedEstimatePanel token={token} refreshes={refreshes} />;

/** /track/:token, signed out: the job, and its estimate with Approve and Decline (the token allows that and nothing else). */
export function Component() {
  return <TrackingView renderExtras={renderEstimate} />;
}
