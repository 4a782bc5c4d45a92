import { PAGE_VIEW_COOKIE, type PageView } from '@contract/pageViews';
import type { SessionUser } from './types';

/** Refreshed whenever the session is saved; removed with it (logout, a session that ended, another user). */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The dashboard the user opens (a pending technician's has no frame: it shows only that the account waits). */
export function pageViewOf(user: Pick<SessionUser, 'role' | 'approvalStatus'>): PageView | null {
  if (user.role === 'CUSTOMER') return 'customer';
  if (user.role === 'ADMIN') return 'admin';
  if (user.role === 'EMPLOYEE' && user.approvalStatus === 'APPROVED') return 'technician';
  return null;
}

/**
 * The view cookie (@contract/pageViews): tells the static site which dashboard frame to send this browser. Not
 * HttpOnly (the app writes it) and not a credential: it names a page, and only picks a static file.
 */
export const pageViewCookie = {
  save(user: Pick<SessionUser, 'role' | 'approvalStatus'>): void {
    const view = pageViewOf(user);
    if (view === null) this.clear();
    else write(`${view}; Max-Age=${MAX_AGE_SECONDS}`);
  },
  clear(): void {
    write('; Max-Age=0');
  },
};

function write(valueAndAge: string): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PAGE_VIEW_COOKIE}=${valueAndAge}; Path=/; SameSite=Lax${secure}`;
}
