export { OAuthCallback as Component } from '@/features/auth';
