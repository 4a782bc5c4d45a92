import type { LoaderFunctionArgs } from 'react-router-dom';
import { type Role, selectCurrentUser } from '@/features/auth';
import type { RoleViews } from '../routeTypes';
import { loadView } from './roleViews';
import { getAppStore } from '@/app/appStore';

/**
 * The signed-in role's view: its code downloads while its reads start (after what the device kept is back), and the
 * loader waits for both the code and the start, never for the data. A view that sends the role elsewhere is left to
 * the component (one <Navigate> for this and a role changed meanwhile).
 */
export function roleLoader(views: RoleViews) {
  return async (args: LoaderFunctionArgs) => {
    const { store } = getAppStore();
    const view = views[selectCurrentUser(store.getState())?.role as Role];
    if (!view || 'redirect' in view) return null;
    // Side by side: the view's chunks need not wait for the device's answers, nor the reads for the view's chunks.
    await Promise.all([loadView(view), view.data?.().then((m) => m.loader(args))]);
    return null;
  };
}
