import type { OAuthExchangeBody } from '@contract/auth';
import { api } from '@/api/api';
import type {
  ActiveSession,
  LoginRequest,
  LoginResponse,
  ProfileResponse,
  RegistrationRequest,
  RegistrationResponse,
  TokenPair,
  UpdateProfileRequest,
} from './types';

export const AUTH_TAG_TYPES = ['Profile', 'Sessions'] as const;

/** Every auth call of spec §7. */
export const authApi = api.enhanceEndpoints({ addTagTypes: AUTH_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /** Google sign-in: the one-time code of `/oauth/callback?code=` for the login answer (server/README.md). */
    exchangeOAuthCode: build.mutation<LoginResponse, OAuthExchangeBody>({
      query: (body) => ({ url: '/auth/oauth/exchange', method: 'POST', body }),
    }),
    registerCustomer: build.mutation<RegistrationResponse, Omit<RegistrationRequest, 'role'>>({
      query: (body) => ({ url: '/auth/register/customer', method: 'POST', body: { ...body, role: 'CUSTOMER' } }),
    }),
    registerEmployee: build.mutation<RegistrationResponse, Omit<RegistrationRequest, 'role'>>({
      query: (body) => ({ url: '/auth/register/employee', method: 'POST', body: { ...body, role: 'EMPLOYEE' } }),
    }),
    logout: build.mutation<{ message?: string }, { refreshToken?: string | null }>({
      query: ({ refreshToken }) => ({ url: '/auth/logout', method: 'POST', body: refreshToken ? { refreshToken } : {} }),
    }),
    logoutAll: build.mutation<{ message?: string }, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST', body: {} }),
    }),
    refreshToken: build.mutation<TokenPair, { refreshToken: string }>({
      query: (body) => ({ url: '/auth/refresh-token', method: 'POST', body }),
    }),
    rotateRefreshToken: build.mutation<{ refreshToken: string; message?: string }, { refreshToken: string }>({
      query: (body) => ({ url: '/auth/rotate-refresh-token', method: 'POST', body }),
    }),
    getProfile: build.query<ProfileResponse, void>({
      query: () => '/auth/profile',
      providesTags: ['Profile'],
    }),
    /** Token validity check: the profile call with an explicit token (spec §7). */
    getProfileWithToken: build.query<ProfileResponse, string>({
      query: (token) => ({ url: '/auth/profile', headers: { Authorization: `Bearer ${token}` } }),
    }),
    updateProfile: build.mutation<ProfileResponse, UpdateProfileRequest>({
      query: (body) => ({ url: '/auth/update-profile', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    checkEmail: build.query<{ available: boolean }, string>({
      query: (email) => `/auth/check-email/${encodeURIComponent(email)}`,
    }),
    getActiveSessions: build.query<ActiveSession[], void>({
      query: () => '/auth/active-sessions',
      providesTags: ['Sessions'],
    }),
  }),
});

export const { useUpdateProfileMutation } = authApi;
