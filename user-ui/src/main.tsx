import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { z } from 'zod';
import { AppProviders, createQueryClient } from './AppProviders';
import { BASENAME, routes } from './routes';

// The gateway's Content-Security-Policy forbids eval: zod would otherwise probe `Function('')` for
// its JIT (a CSP violation report on every form page) before falling back to this mode anyway.
z.config({ jitless: true });

const router = createBrowserRouter(routes, { basename: BASENAME });
const queryClient = createQueryClient();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
