// First, before any schema is built.
import './zod-config';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { prerenderedPage } from '@/shared/routes';
import { App } from './app/app';
import { prefetchFirstReads } from './app/first-reads';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// Who is signed in, and the page's first list, are asked at once, while the page's code is arriving.
void prefetchFirstReads(queryClient, window.location.pathname).catch(() => {});
const app = <App queryClient={queryClient} router={createBrowserRouter(routes)} />;

// A page written at build time (decision 018) is hydrated when it is the page this address shows;
// anything else (the plain shell, or a reset link whose hash asks for another page) is drawn afresh.
const { pathname, search, hash } = window.location;
const written = root.dataset.prerendered;
if (written && written === prerenderedPage(pathname, search, hash)) {
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
