import * as yup from 'yup';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_REGEX } from '@contract/rules';

/**
 * One yup schema per auth form (architecture.md §6). Every message is spec §5 word for word.
 * `type XValues = yup.InferType<typeof xSchema>`.
 */

/** Spec §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;

export const VALIDATION_MESSAGES = {
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
} as const;

/** The roles public sign-up offers (spec §6). */
export const ACCOUNT_TYPES = ['CUSTOMER', 'EMPLOYEE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Spec §5 "Login": email required, password required (no pattern check on sign-in). */
export const loginSchema = yup.object({
  email: yup.string().required(VALIDATION_MESSAGES.emailRequired),
  password: yup.string().required(VALIDATION_MESSAGES.passwordRequired),
  rememberMe: yup.boolean().default(false),
});
export type LoginValues = yup.InferType<typeof loginSchema>;

/**
 * The registration rules, field by field (spec §5): the account forms (password reset and change, e-mail change, the
 * profile) apply the same rules with the same messages.
 */
export const registrationFields = {
  fullName: yup.string().trim().required(VALIDATION_MESSAGES.fullNameRequired),
  // Spec §5's "simple pattern", made as strict as the server's: the one rule of contract/rules.ts. An address too
  // long for mail is one more invalid address: the spec's two messages are the form's only ones.
  email: yup
    .string()
    .required(VALIDATION_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, VALIDATION_MESSAGES.emailInvalid)
    .matches(EMAIL_REGEX, VALIDATION_MESSAGES.emailInvalid),
  phoneNumber: yup.string().trim().required(VALIDATION_MESSAGES.phoneRequired),
  /** Optional; sent as '' when omitted. */
  address: yup.string().trim().default(''),
  password: yup
    .string()
    .required(VALIDATION_MESSAGES.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, VALIDATION_MESSAGES.passwordTooShort),
  confirmPassword: yup
    .string()
    .required(VALIDATION_MESSAGES.confirmRequired)
    .oneOf([yup.ref('password')], VALIDATION_MESSAGES.passwordsDiffer),
};

/** Spec §5 "Registration", customer form (/register): the fields plus the Account Type select. */
export const customerRegistrationSchema = yup.object({
  ...registrationFields,
  accountType: yup.string<AccountType>().oneOf(ACCOUNT_TYPES).required(),
});
export type RegistrationValues = yup.InferType<typeof customerRegistrationSchema>;

/**
 * Spec §5 "Registration", employee form (/register/employee): the same fields; the role is forced to
 * EMPLOYEE (an `accountType` that is never rendered as an input and accepts nothing else).
 */
export const employeeRegistrationSchema = yup.object({
  ...registrationFields,
  accountType: yup.string<AccountType>().oneOf<AccountType>(['EMPLOYEE']).required(),
});

/**
 * Spec §5 "Complete profile": phone number required, address optional. `role` is the hidden field of
 * spec §6 (default CUSTOMER), never rendered as an input.
 */
export const completeProfileSchema = yup.object({
  phoneNumber: yup.string().trim().required(VALIDATION_MESSAGES.phoneRequired),
  address: yup.string().trim().default(''),
  role: yup.string<AccountType>().oneOf(ACCOUNT_TYPES).default('CUSTOMER'),
});
export type CompleteProfileValues = yup.InferType<typeof completeProfileSchema>;
