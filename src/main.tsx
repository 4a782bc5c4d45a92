import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/styles/global.css';
import { registerNavigator } from '@/app/navigation';
import { preloadRoute, routes } from '@/app/routes';

preloadRoute(window.location.pathname);
const router = createBrowserRouter(routes);
registerNavigator(router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
