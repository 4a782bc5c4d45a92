import * as yup from 'yup';
import { ACCOUNT_MESSAGES } from '@contract/accountMessages';
import { registrationFields } from '@/features/auth';

/**
 * One yup schema per account form (architecture.md §6), each field with the registration rule and message of spec §5:
 * a new password is a registration password, an address a registration address.
 */
const { email, password, confirmPassword, fullName, phoneNumber, address } = registrationFields;

/** Optional: a Google-only account has no password, and only the server knows whether this one has. */
const currentPasswordIfAny = yup.string().default('');

export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

export const newPasswordSchema = yup.object({ password, confirmPassword });
export type NewPasswordValues = yup.InferType<typeof newPasswordSchema>;

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(ACCOUNT_MESSAGES.currentPasswordRequired),
  password,
  confirmPassword,
});
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;

export const profileSchema = yup.object({ fullName, phoneNumber, address });
export type ProfileValues = yup.InferType<typeof profileSchema>;

export const changeEmailSchema = yup.object({ email, currentPassword: currentPasswordIfAny });
export type ChangeEmailValues = yup.InferType<typeof changeEmailSchema>;

export const closeAccountSchema = yup.object({ currentPassword: currentPasswordIfAny });
export type CloseAccountValues = yup.InferType<typeof closeAccountSchema>;
