import { CircleAlert } from 'lucide-react';
import { StatusPage } from '@/components/StatusPage';

/** Spec §8: an unrecognised dashboard role. */
export function AccessError() {
  return (
    <StatusPage as="div" title="Access Error" icon={<CircleAlert />}>
      <p>Unable to determine your dashboard. Please contact support.</p>
    </StatusPage>
  );
}
