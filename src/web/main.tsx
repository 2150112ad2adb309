// First, before any schema is built.
import './zod-config';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { prerenderedPage } from '@/shared/routes';
import { App } from './app/app';
import { prefetchFirstReads } from './app/first-reads';
import { routes } from './app/router';
import { readBoot, rememberTimeZone } from './lib/boot';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// A signed-in page the server drew (decision 033) carries what it was drawn with: the cache starts with
// it. Otherwise who is signed in, and the page's first list, are asked at once, while the code arrives.
const boot = readBoot(document);
if (boot) {
  for (const [key, data] of boot.queries) queryClient.setQueryData(key, data, { updatedAt: boot.renderedAt });
} else {
  void prefetchFirstReads(queryClient, window.location.pathname).catch(() => {});
  // The server did not draw this page in this browser's time zone: it is told for the next one.
  rememberTimeZone();
}
const app = <App queryClient={queryClient} router={createBrowserRouter(routes)} boot={boot} />;

// A page written at build time (decision 018) is hydrated when it is the page this address shows; so is a
// page the server drew, when its boot data could be used. Anything else (the plain shell, a reset link
// whose hash asks for another page, a page drawn in another time zone) is drawn afresh.
const { pathname, search, hash } = window.location;
const written = root.dataset.prerendered;
const usable = root.dataset.drawn !== 'server' || boot !== null;
if (written && usable && written === prerenderedPage(pathname, search, hash)) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  delete root.dataset.prerendered;
  createRoot(root).render(app);
}

// The service worker (offline shell, pushes, updates) waits until the page has loaded: it is not needed to
// paint, and its code is a chunk of its own (decision 031).
const registerWorker = () =>
  void import('./lib/service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error) => console.warn('service worker not registered', error));
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
