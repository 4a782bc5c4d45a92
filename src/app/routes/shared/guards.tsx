import { RequireAuth, RequirePermission, RequireRole } from '@/features/auth';

// The signed-in guards the route table puts around its areas (one chunk, which sign-in and sign-up never load).
export { RequireAuth };

export function RequireAdmin() {
  return <RequireRole role="ADMIN" />;
}

/** Inside the dashboard frame, which already has the page's <main>. */
export function RequireCustomer() {
  return <RequireRole role="CUSTOMER" withinMain />;
}

export function RequireReportsPermission() {
  return <RequirePermission resource="reports" action="read" />;
}

export { roleRoute } from './RoleSwitch';
