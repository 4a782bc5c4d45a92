import { ResetPasswordForm, useLinkToken } from '@/features/account';
import { AuthLayout } from '@/features/auth';

/** /reset-password#token=…, the e-mailed reset link: the token leaves the address bar at once; a new password. */
export function Component() {
  const token = useLinkToken();
  return (
    <AuthLayout title="Set a new password" subtitle="Choose a new password for your CarCare account.">
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
