/**
 * The auth contract: request shapes of /api/auth/*, with the spec's field messages (§5) in `errorMessages`.
 * Unknown properties are dropped (`additionalProperties: false` + Ajv removeAdditional).
 */
import { type Static, Type } from 'typebox';
import { StringEnum } from './common';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN } from './rules';

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

const NOT_BLANK = '\\S';

export const ROLES = ['CUSTOMER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** A technician account's approval (GET /api/auth/profile): PENDING accounts cannot be assigned or work jobs yet. */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A new address (registration, check-email, the account domain's forgot-password and e-mail change): the one e-mail
 * rule (contract/rules.ts).
 */
export const email = Type.String({
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  errorMessages: { required: EMAIL_MESSAGES.required, pattern: EMAIL_MESSAGES.invalid, maxLength: EMAIL_MESSAGES.tooLong, type: EMAIL_MESSAGES.invalid },
});

const loginEmail = Type.String({
  minLength: 1,
  maxLength: 254,
  errorMessages: { required: 'Email is required', type: 'Email is required', maxLength: 'Email is invalid' },
});

const loginPassword = Type.String({
  minLength: 1,
  maxLength: 1024,
  errorMessages: { required: 'Password is required', type: 'Password is required' },
});

/** A new password (registration, the account domain's reset and change), with the spec's messages. */
export const newPassword = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  errorMessages: {
    required: 'Password is required',
    type: 'Password is required',
    minLength: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    maxLength: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  },
});

const fullName = Type.String({
  maxLength: 100,
  pattern: NOT_BLANK,
  errorMessages: { required: 'Full name is required', pattern: 'Full name is required', type: 'Full name is required' },
});

const phoneNumber = Type.String({
  maxLength: 30,
  pattern: NOT_BLANK,
  errorMessages: { required: 'Phone number is required', pattern: 'Phone number is required', type: 'Phone number is required' },
});

const address = Type.String({ maxLength: 255 });
const shortText = Type.String({ maxLength: 100 });
const refreshToken = Type.String({
  minLength: 1,
  maxLength: 512,
  errorMessages: { required: 'Refresh token is required', type: 'Refresh token is required', minLength: 'Refresh token is required' },
});

export const LoginBody = Type.Object({ email: loginEmail, password: loginPassword }, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBody>;

const registration = {
  email,
  password: newPassword,
  fullName,
  phoneNumber,
  address: Type.Optional(address),
  // Accepted for compatibility with the SPA; the server forces the role per endpoint.
  role: Type.Optional(Type.String({ maxLength: 20 })),
};

export const RegisterCustomerBody = Type.Object(registration, { additionalProperties: false });
export const RegisterEmployeeBody = Type.Object(
  { ...registration, employeeId: Type.Optional(shortText), department: Type.Optional(shortText) },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterEmployeeBody>;

export const RefreshTokenBody = Type.Object({ refreshToken }, { additionalProperties: false });
export type RefreshTokenBody = Static<typeof RefreshTokenBody>;

/** POST /api/auth/oauth/exchange: the one-time code Google sign-in sent the SPA (`/oauth/callback?code=`). */
export const OAUTH_LINK_INVALID = 'Sign-in link is invalid or has expired. Please sign in again.';
export const OAuthExchangeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 128,
      errorMessages: { required: OAUTH_LINK_INVALID, type: OAUTH_LINK_INVALID, minLength: OAUTH_LINK_INVALID, maxLength: OAUTH_LINK_INVALID },
    }),
  },
  { additionalProperties: false },
);
export type OAuthExchangeBody = Static<typeof OAuthExchangeBody>;

export const LogoutBody = Type.Object({ refreshToken: Type.Optional(refreshToken) }, { additionalProperties: false });
export type LogoutBody = Static<typeof LogoutBody>;

export const UpdateProfileBody = Type.Object(
  {
    fullName: Type.Optional(fullName),
    phoneNumber: Type.Optional(phoneNumber),
    address: Type.Optional(address),
    role: Type.Optional(StringEnum(ROLES, { errorMessages: { enum: 'Role must be CUSTOMER or EMPLOYEE', type: 'Role must be CUSTOMER or EMPLOYEE' } })),
    /** E-mail about one's jobs: false turns it off; absent leaves it as it is. */
    emailNotifications: Type.Optional(Type.Boolean({ errorMessages: { type: 'E-mail notifications must be true or false' } })),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const CheckEmailParams = Type.Object({ email }, { additionalProperties: false });
export type CheckEmailParams = Static<typeof CheckEmailParams>;

/** GET /api/auth/profile (and PUT /api/auth/update-profile's answer). */
export const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  fullName: Type.String(),
  phoneNumber: Type.String(),
  address: Type.String(),
  roles: Type.Array(StringEnum(ROLES)),
  role: StringEnum(ROLES),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  department: Type.Optional(Type.String()),
  /** EMPLOYEE only: PENDING until an admin approves the technician on the Staff page (docs: server/README.md). */
  approvalStatus: Type.Optional(StringEnum(APPROVAL_STATUSES)),
  /** Whether the user gets e-mail about their jobs (booking, assignment, start, awaiting parts, completion). */
  emailNotifications: Type.Boolean(),
  /** Whether the account's e-mail address is verified (contract/account.ts): until then it gets no job e-mails. */
  emailVerified: Type.Boolean(),
  /** A new address asked for on the Account page, until its link is opened. */
  pendingEmail: Type.Optional(Type.String()),
});
export type Profile = Static<typeof Profile>;
