import type { RegistrationValues } from '../schemas';
import type { RegistrationRequest } from '../types';

/** Spec §3 "Registration payload"; the role is left to the caller because the authApi endpoints force it. */
export function registrationPayload({ email, password, fullName, phoneNumber, address }: RegistrationValues): Omit<RegistrationRequest, 'role'> {
  return { email, password, fullName, phoneNumber, address: address ?? '' };
}
