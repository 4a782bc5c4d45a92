/** Every path of the SPA (spec §2), in one place: the route table, links and redirects all read them from here. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  pricing: '/pricing',
  track: '/track/:token',
  login: '/login',
  register: '/register',
  registerEmployee: '/register/employee',
  oauthCallback: '/oauth/callback',
  completeProfile: '/complete-profile',
  dashboard: '/dashboard',
  booking: '/dashboard/appointments',
  reports: '/reports',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminAnalytics: '/admin/analytics',
  adminInventory: '/admin/inventory',
  adminNotifications: '/admin/notifications',
  adminStaff: '/admin/staff',
  adminTimesheets: '/admin/timesheets',
  adminMessages: '/admin/messages',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
