import { useNavigate } from 'react-router-dom';
import * as paths from '@/config/paths';
import { AuthLayout, CompleteProfileForm } from '@/features/auth';

/** /complete-profile: phone and address, then the dashboard. */
export function Component() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Complete your profile" subtitle="Add a phone number so our service team can reach you about your vehicle.">
      <CompleteProfileForm onCompleted={() => navigate(paths.dashboard, { replace: true })} />
    </AuthLayout>
  );
}
