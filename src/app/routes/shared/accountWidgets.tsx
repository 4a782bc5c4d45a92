// The account domain's part of every signed-in frame, in a chunk of its own that only an unverified account loads.
export { VerifyEmailBanner } from '@/features/account';
