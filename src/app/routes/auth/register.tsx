import { Link, useNavigate } from 'react-router-dom';
import * as paths from '@/config/paths';
import { AuthLayout, AuthLinks, CustomerSignUpForm } from '@/features/auth';

/** /register: customer sign-up, then the dashboard. */
export function Component() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Track your vehicle's services and book appointments in minutes."
      width="wide"
      footer={
        <AuthLinks>
          <p>
            Already have an account? <Link to={paths.login}>Sign in</Link>
          </p>
          <p>
            Are you a service technician? <Link to={paths.registerEmployee}>Register as an employee</Link>
          </p>
        </AuthLinks>
      }
    >
      <CustomerSignUpForm onRegistered={() => navigate(paths.dashboard, { replace: true })} />
    </AuthLayout>
  );
}
