/**
 * Navigation from outside React (baseQuery, listeners) goes through the router object (architecture.md §4).
 * main.tsx (and the test helper) registers the router here once it exists; this avoids an import cycle
 * store → api → router → pages → store.
 */
export interface AppNavigator {
  navigate: (to: string, opts?: { replace?: boolean }) => unknown;
  state: { location: { pathname: string } };
}

let navigator: AppNavigator | null = null;

export function registerNavigator(next: AppNavigator | null): void {
  navigator = next;
}

/** Goes to `path` unless the router is already there (spec §4 "unless already there"). */
export function navigateTo(path: string): void {
  if (!navigator) return;
  if (navigator.state.location.pathname === path) return;
  void navigator.navigate(path, { replace: true });
}
