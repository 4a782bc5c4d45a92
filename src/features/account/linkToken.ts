import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The token of an e-mailed link (`/reset-password#token=…`), or null when there is none. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : null;
}

/**
 * The link's token, read once, and taken out of the address bar at once: the address is replaced (no history entry
 * keeps it), so it is in no bookmark, shared screen or later page's Referer. A fragment is never sent to a server.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(location.hash));
  const { hash, pathname, search, state } = location;
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true, state, preventScrollReset: true });
  }, [hash, pathname, search, state, navigate]);
  return token;
}
