import type { LoaderFunctionArgs } from 'react-router-dom';
import { type Role, selectCurrentUser } from '@/features/auth';
import type { RoleViews } from '../routeTypes';
import { loadView } from './roleViews';
import { getAppStore } from '@/app/appStore';

/**
 * The signed-in role's view: its reads start first, then the loader waits for its code (never for its data). A view
 * that sends the role elsewhere is left to the component (one <Navigate> for this and a role changed meanwhile).
 */
export function roleLoader(views: RoleViews) {
  return async (args: LoaderFunctionArgs) => {
    const { store } = getAppStore();
    const view = views[selectCurrentUser(store.getState())?.role as Role];
    if (!view || 'redirect' in view) return null;
    if (view.data) await (await view.data()).loader(args);
    await loadView(view);
    return null;
  };
}
