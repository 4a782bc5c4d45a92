// The auth domain: the session (its slice and selectors, the one public entry other domains may use), sign-in,
// sign-up, the profile, and the guards the route table puts around the signed-in pages.
export { default as authSlice, authSuccess, logout, restoreAuthState, selectAuth, selectCurrentUser, selectIsAuthenticated, tokensRefreshed } from './authSlice';
export { userUpdated, authFailure } from './authSlice';
export { authApi, AUTH_TAG_TYPES } from './authApi';
export { checkStoredSession, logoutUser } from './authThunks';
export { hasRole, toSessionUser } from './sessionUser';
export { STORAGE_KEYS, tokenStorage } from './tokenStorage';
export { registrationFields } from './schemas';
export { ROLES, type AuthState, type ProfileResponse, type Role, type SessionUser } from './types';
export { AuthLayout } from './components/AuthLayout';
export { AuthLinks } from './components/AuthLinks';
export { AwaitingApproval, isAwaitingApproval, isKnownApproved, useApprovalStatus } from './components/AwaitingApproval';
export { CompleteProfileForm } from './components/CompleteProfileForm';
export { LoginForm } from './components/LoginForm';
export { OAuthCallback } from './components/OAuthCallback';
export { CustomerSignUpForm, EmployeeSignUpForm } from './components/SignUpForms';
export { AccessDenied } from './guards/AccessDenied';
export { GuestOnly } from './guards/GuestOnly';
export { RequireAuth } from './guards/RequireAuth';
export { RequirePermission } from './guards/RequirePermission';
export { RequireRole } from './guards/RequireRole';
