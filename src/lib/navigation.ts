/** What navigation from outside React (the API layer, listeners, thunks) needs of the router. */
export interface AppNavigator {
  navigate: (to: string, opts?: { replace?: boolean }) => unknown;
  state: { location: { pathname: string } };
}

// Registered by main.tsx (and the test helper) once the router exists, so nothing imports the router itself.
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
