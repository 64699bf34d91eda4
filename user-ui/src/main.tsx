import './zod-config';
import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startBrowserErrorTracking } from '@rdv/api-client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './AppProviders';
import { BASENAME, routes } from './routes';

const router = createBrowserRouter(routes, { basename: BASENAME });
const queryClient = createQueryClient();

// Off unless the gateway put its settings in the page (SENTRY_BROWSER_DSN); the SDK is then a chunk of its own.
void startBrowserErrorTracking('user');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
