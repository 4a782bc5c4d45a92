import { Link } from 'react-router-dom';
import * as paths from '@/config/paths';
import { ForgotPasswordForm } from '@/features/account';
import { AuthLayout } from '@/features/auth';

/** /forgot-password ("Forgot password?" on the sign-in page): asks for the address to send a reset link to. */
export function Component() {
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your account's e-mail address and we will send you a link to set a new password."
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to sign in</Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
