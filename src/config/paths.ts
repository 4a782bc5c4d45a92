// Every path of the SPA (spec §2), in one place: the route table, links and redirects all read them from here.
// Import as a namespace (`import * as paths`): named exports let the build drop unused ones and shorten the names.
export const home = '/';
export const about = '/about';
export const services = '/services';
export const pricing = '/pricing';
export const track = '/track/:token';
export const login = '/login';
export const register = '/register';
export const registerEmployee = '/register/employee';
export const oauthCallback = '/oauth/callback';
export const forgotPassword = '/forgot-password';
/** The e-mailed links: the token is in the fragment (`#token=…`), which the page reads and drops at once. */
export const resetPassword = '/reset-password';
export const verifyEmail = '/verify-email';
export const completeProfile = '/complete-profile';
export const dashboard = '/dashboard';
export const booking = '/dashboard/appointments';
export const reports = '/reports';
export const account = '/account';
export const admin = '/admin';
export const adminDashboard = '/admin/dashboard';
export const adminAnalytics = '/admin/analytics';
export const adminInventory = '/admin/inventory';
export const adminNotifications = '/admin/notifications';
export const adminStaff = '/admin/staff';
export const adminTimesheets = '/admin/timesheets';
export const adminMessages = '/admin/messages';
