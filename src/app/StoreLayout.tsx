import { useContext } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';
import { getAppStore } from './appStore';

/**
 * Layout route above every page that uses the store. Loaded lazily, so Redux, RTK Query and redux-persist
 * arrive with the first such page. A store provided from outside (tests) is used as it is.
 */
export default function StoreLayout() {
  const outer = useContext(ReactReduxContext);
  if (outer) return <Outlet />;
  const { store, persistor } = getAppStore();
  return (
    <Provider store={store}>
      <PersistGate
        persistor={persistor}
        loading={
          <CenteredBox>
            <Spinner label="Loading CarCare" size="lg" />
          </CenteredBox>
        }
      >
        <Outlet />
      </PersistGate>
    </Provider>
  );
}
