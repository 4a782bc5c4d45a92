import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '@/store/hooks';
import { registerUser } from '@/features/auth/authThunks';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import styles from '@/features/auth/components/AuthForm.module.css';
import { RegistrationForm } from '@/features/auth/components/RegistrationForm';
import { registrationPayload } from '@/features/auth/components/registrationPayload';
import type { RegistrationValues } from '@/features/auth/schemas';
import { assignLocation } from '@/lib/browser';

const EMPLOYEE_REGISTRATION_FAILED = 'Employee registration failed. Please try again.';

/** /register/employee — employee sign-up (spec §2 "Employee registration", §4, §5, §8). */
export default function EmployeeRegisterPage() {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);

  async function onRegister(values: RegistrationValues) {
    setServerError(null);
    // The role is forced to EMPLOYEE whatever the form holds (spec §5).
    const result = await dispatch(registerUser({ ...registrationPayload(values), role: 'EMPLOYEE' }));
    if (registerUser.fulfilled.match(result)) {
      // Spec §2: success does a full page load to /dashboard (the session is already in storage).
      assignLocation('/dashboard');
      return undefined;
    }
    // Spec §8: the server message, otherwise this screen's own fallback.
    setServerError(result.payload?.serverMessage ?? EMPLOYEE_REGISTRATION_FAILED);
    return result.payload?.errors;
  }

  return (
    <AuthLayout
      title="Join as a service technician"
      subtitle="Create your employee account to see assigned services and log your work."
      width="wide"
      footer={
        <div className={styles.links}>
          <p>
            Already have an account? <Link to="/login">Sign in</Link>
          </p>
          <p>
            Own a vehicle? <Link to="/register">Register as a customer</Link>
          </p>
        </div>
      }
    >
      <RegistrationForm withAccountType={false} serverError={serverError} onEdit={() => setServerError(null)} onRegister={onRegister} />
    </AuthLayout>
  );
}
