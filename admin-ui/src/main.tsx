import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startBrowserErrorTracking } from '@rdv/api-client';
import { App } from './App';

// Off unless the gateway put its settings in the page (SENTRY_BROWSER_DSN); the SDK is then a chunk of its own.
void startBrowserErrorTracking('admin');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
