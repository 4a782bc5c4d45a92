import { viewCode } from '../../scripts/serviceWorkerPages';

// The build's split of its code between every visitor's precache and each signed-in view's (src/serviceWorker/sw.ts).
const groups = {
  main: ['assets/main.js', 'assets/main.css'],
  login: ['assets/login.js', 'assets/forms.js'],
  dashboard: ['assets/frame.js', 'assets/frame.css'],
  guards: ['assets/guards.js'],
  customer: ['assets/customer.js', 'assets/forms.js'],
  technician: ['assets/technician.js', 'assets/idb.js'],
  admin: ['assets/admin.js', 'assets/frame.css'],
  // A lazy part no route names (the device's data), sharing a file with the technician's page.
  'device-data': ['assets/idb.js'],
};

describe('viewCode (scripts/serviceWorkerPages.ts)', () => {
  it('gives each view the files of the pages its role opens that no page open to anyone uses', () => {
    const measured = [
      { groups: ['main', 'login'], roles: null },
      { groups: ['main', 'guards', 'dashboard', 'customer'], roles: ['CUSTOMER' as const] },
      { groups: ['main', 'guards', 'dashboard', 'technician'], roles: ['EMPLOYEE' as const] },
      { groups: ['main', 'guards', 'admin'], roles: ['ADMIN' as const] },
    ];
    expect(viewCode({ measured, shells: [] }, groups)).toEqual({
      // forms.js is the sign-in page's too: every visitor has it already.
      customer: ['assets/customer.js', 'assets/frame.css', 'assets/frame.js', 'assets/guards.js'],
      technician: ['assets/frame.css', 'assets/frame.js', 'assets/guards.js', 'assets/technician.js'],
      // A file two views share is in both.
      admin: ['assets/admin.js', 'assets/frame.css', 'assets/guards.js'],
    });
    // The lazy part's file stays everyone's (idb.js is in no view).
    // A signed-in area's shell (its frame and guards) is everyone's: offline, a visitor's dashboard link leads to sign-in.
    expect(viewCode({ measured, shells: [{ groups: ['guards', 'dashboard'] }] }, groups)).toEqual({
      customer: ['assets/customer.js'],
      technician: ['assets/technician.js'],
      admin: ['assets/admin.js'],
    });
  });

  it('leaves a view with no page of its own empty, and a page for two roles in both', () => {
    expect(viewCode({ measured: [{ groups: ['main'], roles: null }, { groups: ['main', 'customer'], roles: ['CUSTOMER', 'EMPLOYEE'] }], shells: [] }, groups)).toEqual({
      // forms.js is also the sign-in page's, a part no route here names: everyone's.
      customer: ['assets/customer.js'],
      technician: ['assets/customer.js'],
      admin: [],
    });
  });
});
