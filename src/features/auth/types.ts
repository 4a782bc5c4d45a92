import type { ApprovalStatus } from '@contract/auth';

export const ROLES = ['CUSTOMER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user as the app keeps it (spec §3 "Session user", plus profile fields once loaded). */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  roles: string[];
  /** roles[0], default CUSTOMER. May be a role this app does not know (the dashboard router then shows Access Error). */
  role: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  address?: string;
  department?: string;
  isActive?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** A technician's approval, from the sign-in answer and the profile (other roles have none). */
  approvalStatus?: ApprovalStatus;
}

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /**
   * Whose session last ended in this tab (logout here or in another tab, or a session that could not be
   * refreshed), until the next sign-in: the page the auth guard remembers belongs to that person only.
   */
  endedUserId?: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  refreshToken: string;
  type?: string;
  id: string | number;
  email: string;
  fullName: string;
  roles: string[];
  /** A technician's approval (server/src/contract/auth.ts): their first reads need not wait for the profile. */
  approvalStatus?: ApprovalStatus;
}

export interface RegistrationRequest {
  email: string;
  password: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  role: Role;
  employeeId?: string;
  department?: string;
}

export interface RegistrationResponse {
  token?: string;
  refreshToken?: string;
  id?: string | number;
  email?: string;
  fullName?: string;
  roles?: string[];
  success?: boolean;
  message?: string;
}

export type { TokenPair } from '@/api/session';

export interface ProfileResponse {
  id: string | number;
  email: string;
  fullName: string;
  phoneNumber?: string | null;
  address?: string | null;
  roles: string[];
  role?: string;
  isActive?: boolean;
  createdAt?: string;
  updatedAt?: string;
  department?: string | null;
  /** Whether the address is verified (contract/account.ts). */
  emailVerified: boolean;
  /** A new address asked for on the Account page, until its link is opened. */
  pendingEmail?: string | null;
  /** A technician's approval (server/src/contract/auth.ts `Profile`). */
  approvalStatus?: ApprovalStatus;
}

export interface UpdateProfileRequest {
  fullName?: string;
  phoneNumber?: string;
  address?: string;
  role?: Role;
}

export interface ActiveSession {
  id: string;
  deviceInfo: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}
