import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectAuthError } from '@/features/auth/authSlice';
import { registerUser } from '@/features/auth/authThunks';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import styles from '@/features/auth/components/AuthForm.module.css';
import { RegistrationForm } from '@/features/auth/components/RegistrationForm';
import { registrationPayload } from '@/features/auth/components/registrationPayload';
import type { RegistrationValues } from '@/features/auth/schemas';

/** /register — customer sign-up (spec §2 "Customer registration", §4 "Registration", §5, §8). */
export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Spec §8: a customer failure shows the error from auth state, with the network message as fallback.
  const authError = useAppSelector(selectAuthError);
  const [failed, setFailed] = useState(false);

  async function onRegister(values: RegistrationValues) {
    setFailed(false);
    // The spec leaves open what choosing "Service Technician (Employee)" on this screen does. Decision: it
    // registers through the employee endpoint with role EMPLOYEE (public sign-up offers exactly these two
    // roles, spec §6); everything else — success to /dashboard through the router, the failure message from
    // auth state — stays this screen's behaviour.
    const result = await dispatch(registerUser({ ...registrationPayload(values), role: values.accountType }));
    if (registerUser.fulfilled.match(result)) {
      await navigate('/dashboard', { replace: true });
      return undefined;
    }
    setFailed(true);
    return result.payload?.errors;
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Track your vehicle's services and book appointments in minutes."
      width="wide"
      footer={
        <div className={styles.links}>
          <p>
            Already have an account? <Link to="/login">Sign in</Link>
          </p>
          <p>
            Are you a service technician? <Link to="/register/employee">Register as an employee</Link>
          </p>
        </div>
      }
    >
      <RegistrationForm
        withAccountType
        serverError={failed ? (authError ?? MESSAGES.NETWORK_ERROR) : null}
        onEdit={() => setFailed(false)}
        onRegister={onRegister}
      />
    </AuthLayout>
  );
}
