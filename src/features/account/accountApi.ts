import type {
  AccountMessage,
  ChangeEmailAnswer,
  ChangeEmailBody,
  ChangePasswordBody,
  CloseAccountBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  VerifyEmailAnswer,
  VerifyEmailBody,
} from '@contract/account';
import { api } from '@/api/api';

/**
 * The account domain's tags: it owns no list of its own, but what it changes is the profile (its address, whether it is
 * verified, the pending one) and the sessions (a password change signs the other devices out), which auth reads.
 */
const ACCOUNT_TAG_TYPES = ['Profile', 'Sessions'] as const;

/**
 * Every call of contract/account.ts but the export (exportApi.ts, which only the settings page loads). Name, phone and
 * address stay auth's (PUT /api/auth/update-profile).
 */
export const accountApi = api.enhanceEndpoints({ addTagTypes: ACCOUNT_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<AccountMessage, ForgotPasswordBody>({
      query: (body) => ({ url: '/account/password/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<AccountMessage, ResetPasswordBody>({
      query: (body) => ({ url: '/account/password/reset', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<VerifyEmailAnswer, VerifyEmailBody>({
      query: (body) => ({ url: '/account/email/verify', method: 'POST', body }),
      // A signed-in person's banner and Account page read the profile again: the address is verified now.
      invalidatesTags: ['Profile'],
    }),
    resendVerification: build.mutation<AccountMessage, void>({
      query: () => ({ url: '/account/email/resend', method: 'POST', body: {} }),
    }),
    changePassword: build.mutation<AccountMessage, ChangePasswordBody>({
      query: (body) => ({ url: '/account/password', method: 'PUT', body }),
      invalidatesTags: ['Sessions'],
    }),
    changeEmail: build.mutation<ChangeEmailAnswer, ChangeEmailBody>({
      query: (body) => ({ url: '/account/email', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    closeAccount: build.mutation<AccountMessage, CloseAccountBody>({
      query: (body) => ({ url: '/account/close', method: 'POST', body }),
    }),
  }),
});

export const {
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useCloseAccountMutation,
} = accountApi;
