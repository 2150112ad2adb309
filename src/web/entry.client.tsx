import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
// Listens for the browser's offer to install from the first moment (decision 093).
import './lib/install-prompt';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// The service worker (offline shell, pushes, updates) waits until the page has loaded: it is not needed to
// paint, and its first install downloads the whole app (decision 031).
const registerWorker = () =>
  void import('./lib/service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error) => console.warn('service worker not registered', error));
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
