import { API_BASE_URL } from '@/api/url';
import { assignLocation } from '@/lib/browser';

/** The backend's OAuth2 authorization path for Google (spec §2, api-contract.md). */
export function googleAuthorizationUrl(): string {
  return `${API_BASE_URL.replace(/\/+$/, '')}/oauth2/authorization/google`;
}

/** Sends the browser to Google sign-in: a full navigation, not a data call (spec §7). */
export function startGoogleSignIn(): void {
  assignLocation(googleAuthorizationUrl());
}
