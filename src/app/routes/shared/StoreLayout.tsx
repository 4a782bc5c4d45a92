import { useContext } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { getAppStore } from '@/app/appStore';

/**
 * Above every page that uses the store: lazy, so Redux arrives with the first such page and never with the public
 * ones. A store provided from outside (tests, the build's pre-render) is used as it is.
 */
export function Component() {
  const outer = useContext(ReactReduxContext);
  if (outer) return <Outlet />;
  return (
    <Provider store={getAppStore().store}>
      <Outlet />
    </Provider>
  );
}
