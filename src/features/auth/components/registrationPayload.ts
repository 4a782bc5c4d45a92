import type { RegistrationValues } from '../schemas';
import type { RegistrationRequest } from '../types';

/**
 * Spec §3 "Registration payload" from the validated form values: email, password, fullName, phoneNumber and
 * address ('' when omitted). The schema has already trimmed full name, phone and address. The role is added by
 * the caller (the authApi endpoints force it).
 */
export function registrationPayload({ email, password, fullName, phoneNumber, address }: RegistrationValues): Omit<RegistrationRequest, 'role'> {
  return { email, password, fullName, phoneNumber, address: address ?? '' };
}
