import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import '@/styles/global.css';
import { App } from '@/app/App';
import { startStorageSync } from '@/app/listeners';
import { registerNavigator } from '@/app/navigation';
import { routes } from '@/app/routes';
import { setupPersistor, setupStore } from '@/app/store';

const store = setupStore();
const persistor = setupPersistor(store);
const router = createBrowserRouter(routes);
registerNavigator(router);
startStorageSync(store);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>,
);
