import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@/components/Spinner';
import { CenteredBox } from '@/components/StatusPage';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ store, persistor, router }: AppProps) {
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
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
