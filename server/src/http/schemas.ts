import { MIN_PASSWORD_LENGTH } from '../config';

/**
 * JSON schemas for request bodies and params, with the spec's field messages (§5) in `errorMessages`
 * (see http/validation.ts). Unknown properties are dropped (`additionalProperties: false` + Ajv removeAdditional).
 * Patterns are linear-time (no nested quantifiers over overlapping classes), and every string has a maxLength.
 */

/** The spec's "simple pattern": something@something.something, no spaces. */
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$';
const NOT_BLANK = '\\S';
const MAX_PASSWORD_LENGTH = 128;

const email = {
  type: 'string',
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  errorMessages: { required: 'Email is required', pattern: 'Email is invalid', maxLength: 'Email is invalid', type: 'Email is invalid' },
} as const;

const loginEmail = {
  type: 'string',
  minLength: 1,
  maxLength: 254,
  errorMessages: { required: 'Email is required', type: 'Email is required', maxLength: 'Email is invalid' },
} as const;

const loginPassword = {
  type: 'string',
  minLength: 1,
  maxLength: 1024,
  errorMessages: { required: 'Password is required', type: 'Password is required' },
} as const;

const newPassword = {
  type: 'string',
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  errorMessages: {
    required: 'Password is required',
    type: 'Password is required',
    minLength: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    maxLength: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  },
} as const;

const fullName = {
  type: 'string',
  maxLength: 100,
  pattern: NOT_BLANK,
  errorMessages: { required: 'Full name is required', pattern: 'Full name is required', type: 'Full name is required' },
} as const;

const phoneNumber = {
  type: 'string',
  maxLength: 30,
  pattern: NOT_BLANK,
  errorMessages: { required: 'Phone number is required', pattern: 'Phone number is required', type: 'Phone number is required' },
} as const;

const address = { type: 'string', maxLength: 255 } as const;
const shortText = { type: 'string', maxLength: 100 } as const;
const refreshToken = {
  type: 'string',
  minLength: 1,
  maxLength: 512,
  errorMessages: { required: 'Refresh token is required', type: 'Refresh token is required', minLength: 'Refresh token is required' },
} as const;

export const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email: loginEmail, password: loginPassword },
} as const;

const registrationProperties = {
  email,
  password: newPassword,
  fullName,
  phoneNumber,
  address,
  // Accepted for compatibility with the SPA; the server forces the role per endpoint.
  role: { type: 'string', maxLength: 20 },
} as const;

export const registerCustomerBody = {
  type: 'object',
  required: ['email', 'password', 'fullName', 'phoneNumber'],
  additionalProperties: false,
  properties: registrationProperties,
} as const;

export const registerEmployeeBody = {
  type: 'object',
  required: ['email', 'password', 'fullName', 'phoneNumber'],
  additionalProperties: false,
  properties: { ...registrationProperties, employeeId: shortText, department: shortText },
} as const;

export const refreshTokenBody = {
  type: 'object',
  required: ['refreshToken'],
  additionalProperties: false,
  properties: { refreshToken },
} as const;

export const logoutBody = {
  type: 'object',
  additionalProperties: false,
  properties: { refreshToken },
} as const;

export const updateProfileBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fullName,
    phoneNumber,
    address,
    role: {
      type: 'string',
      enum: ['CUSTOMER', 'EMPLOYEE', 'ADMIN'],
      errorMessages: { enum: 'Role must be CUSTOMER or EMPLOYEE', type: 'Role must be CUSTOMER or EMPLOYEE' },
    },
  },
} as const;

export const checkEmailParams = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email },
} as const;

export interface LoginBody {
  email: string;
  password: string;
}

export interface RegisterBody {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  address?: string;
  role?: string;
  employeeId?: string;
  department?: string;
}

export interface RefreshTokenBody {
  refreshToken: string;
}

export interface LogoutBody {
  refreshToken?: string;
}

export interface UpdateProfileBody {
  fullName?: string;
  phoneNumber?: string;
  address?: string;
  role?: 'CUSTOMER' | 'EMPLOYEE' | 'ADMIN';
}

export interface CheckEmailParams {
  email: string;
}
