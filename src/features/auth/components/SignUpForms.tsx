import { useState } from 'react';
import { MESSAGES } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectAuthError } from '../authSlice';
import { registerUser } from '../authThunks';
import type { RegistrationValues } from '../schemas';
import { RegistrationForm } from './RegistrationForm';
import { registrationPayload } from './registrationPayload';

const EMPLOYEE_REGISTRATION_FAILED = 'Employee registration failed. Please try again.';

interface SignUpProps {
  /** Signed in: the page decides where to go. */
  onRegistered: () => Promise<void> | void;
}

/** Customer sign-up (spec §2 "Customer registration", §4 "Registration", §5, §8). */
export function CustomerSignUpForm({ onRegistered }: SignUpProps) {
  const dispatch = useAppDispatch();
  // Spec §8: a customer failure shows the error from auth state, with the network message as fallback.
  const authError = useAppSelector(selectAuthError);
  const [failed, setFailed] = useState(false);

  async function onRegister(values: RegistrationValues) {
    setFailed(false);
    // The spec leaves open what choosing "Service Technician (Employee)" here does: it registers through the
    // employee endpoint (public sign-up offers exactly these two roles, spec §6); the rest stays this screen's.
    const result = await dispatch(registerUser({ ...registrationPayload(values), role: values.accountType }));
    if (registerUser.fulfilled.match(result)) {
      await onRegistered();
      return undefined;
    }
    setFailed(true);
    return result.payload?.errors;
  }

  return (
    <RegistrationForm
      withAccountType
      serverError={failed ? (authError ?? MESSAGES.NETWORK_ERROR) : null}
      onEdit={() => setFailed(false)}
      onRegister={onRegister}
    />
  );
}

/** Employee sign-up (spec §2 "Employee registration"): the role is forced to EMPLOYEE whatever the form holds. */
export function EmployeeSignUpForm({ onRegistered }: SignUpProps) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);

  async function onRegister(values: RegistrationValues) {
    setServerError(null);
    const result = await dispatch(registerUser({ ...registrationPayload(values), role: 'EMPLOYEE' }));
    if (registerUser.fulfilled.match(result)) {
      await onRegistered();
      return undefined;
    }
    // Spec §8: the server message, otherwise this screen's own fallback.
    setServerError(result.payload?.serverMessage ?? EMPLOYEE_REGISTRATION_FAILED);
    return result.payload?.errors;
  }

  return <RegistrationForm withAccountType={false} serverError={serverError} onEdit={() => setServerError(null)} onRegister={onRegister} />;
}
