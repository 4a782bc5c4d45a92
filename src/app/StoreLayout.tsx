import { useContext } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { getAppStore } from './appStore';

/**
 * Layout route above every page that uses the store. Loaded lazily, so Redux, RTK Query and redux-persist
 * arrive with the first such page. A store provided from outside (tests, the build's pre-render) is used as it is.
 * The pages render at once — the pre-rendered login and register pages hydrate with what they were rendered with;
 * the signed-in ones, which read the client state kept in localStorage, wait for it in RequireAuth.
 */
export default function StoreLayout() {
  const outer = useContext(ReactReduxContext);
  if (outer) return <Outlet />;
  return (
    <Provider store={getAppStore().store}>
      <Outlet />
    </Provider>
  );
}
