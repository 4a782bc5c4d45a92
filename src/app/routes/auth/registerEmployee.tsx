import { Link } from 'react-router-dom';
import * as paths from '@/config/paths';
import { AuthLayout, AuthLinks, EmployeeSignUpForm } from '@/features/auth';
import { assignLocation } from '@/lib/browser';

/** /register/employee: employee sign-up; success is a full page load to the dashboard (spec §2). */
export function Component() {
  return (
    <AuthLayout
      title="Join as a service technician"
      subtitle="Create your employee account to see assigned services and log your work."
      width="wide"
      footer={
        <AuthLinks>
          <p>
            Already have an account? <Link to={paths.login}>Sign in</Link>
          </p>
          <p>
            Own a vehicle? <Link to={paths.register}>Register as a customer</Link>
          </p>
        </AuthLinks>
      }
    >
      <EmployeeSignUpForm onRegistered={() => assignLocation(paths.dashboard)} />
    </AuthLayout>
  );
}
