import { useLinkToken, VerifyEmail } from '@/features/account';
import { AuthLayout } from '@/features/auth';

/** /verify-email#token=…, the e-mailed verification link: the token leaves the address bar at once and is sent once. */
export function Component() {
  const token = useLinkToken();
  return (
    <AuthLayout title="E-mail verification">
      <VerifyEmail token={token} />
    </AuthLayout>
  );
}
