import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startBrowserErrorTracking } from '@rdv/api-client';
import { askServerCardSlotsEarly } from './components/CardSlots';
import { installChunkReload } from './lib/chunk-reload';

installChunkReload();
// Off unless the page carries the gateway's settings; the SDK is then loaded as a chunk of its own.
void startBrowserErrorTracking('public');
// A listing's cards: their slots are asked now, so that they arrive while React hydrates.
askServerCardSlotsEarly();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
