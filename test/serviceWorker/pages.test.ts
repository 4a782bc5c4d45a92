import { pageFor, SPA_SHELL } from '@/serviceWorker/pages';

// The service worker's offline answer for a page (src/serviceWorker/pages.ts): the same file the static site would
// send (server/src/plugins/staticSite.ts).
const built = {
  pages: { '/': '/prerendered/index.html', '/login': '/prerendered/login.html', '/register/employee': '/prerendered/register-employee.html' },
  shells: { '/admin': '/prerendered/shell-admin.html', '/dashboard': '/prerendered/shell-dashboard.html' },
  frames: { '/dashboard': { customer: '/prerendered/frame-dashboard-customer.html' }, '/admin/dashboard': { admin: '/prerendered/frame-admin-dashboard-admin.html' } },
};

it('answers a path with its pre-rendered page, else its area’s shell, else the SPA’s index.html', () => {
  const answers = Object.fromEntries(
    ['/', '/login', '/register/employee', '/register', '/admin', '/admin/staff', '/administrator', '/dashboard/appointments', '/reports'].map((path) => [
      path,
      pageFor(built, path),
    ]),
  );
  expect(answers).toEqual({
    '/': '/prerendered/index.html',
    '/login': '/prerendered/login.html',
    '/register/employee': '/prerendered/register-employee.html',
    '/register': SPA_SHELL,
    '/admin': '/prerendered/shell-admin.html',
    '/admin/staff': '/prerendered/shell-admin.html',
    '/administrator': SPA_SHELL,
    '/dashboard/appointments': '/prerendered/shell-dashboard.html',
    '/reports': SPA_SHELL,
  });
  expect(SPA_SHELL).toBe('/index.html');
});

it("answers a dashboard with the frame of the view the browser's cookie names, else its area's shell", () => {
  expect(pageFor(built, '/dashboard', 'customer')).toBe('/prerendered/frame-dashboard-customer.html');
  expect(pageFor(built, '/admin/dashboard', 'admin')).toBe('/prerendered/frame-admin-dashboard-admin.html');
  expect(pageFor(built, '/dashboard', undefined)).toBe('/prerendered/shell-dashboard.html');
  expect(pageFor(built, '/dashboard', 'technician')).toBe('/prerendered/shell-dashboard.html');
  expect(pageFor(built, '/dashboard', 'constructor')).toBe('/prerendered/shell-dashboard.html');
  expect(pageFor(built, '/dashboard/appointments', 'customer')).toBe('/prerendered/shell-dashboard.html');
});
