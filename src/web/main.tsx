// First, before any schema is built.
import './zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { prerenderedPage } from '@/shared/routes';
import { App } from './app/app';
import { prefetchFirstReads } from './app/first-reads';
import { routes } from './app/router';
import { BOOT_ELEMENT_ID, leaveDrawnPage, readBoot } from './lib/boot';
import { releaseEarlyTapsLater } from './lib/early-taps';
import { whenQuiet } from './lib/idle';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Brings the page to life in short tasks rather than one long one, so that a tap is never kept waiting
 * long: the first reads leave at once; the boot data is read (its zone checked against the device's
 * clock, decision 035); then the router is made; then the page is hydrated, in a transition that yields
 * between pieces of work.
 */
async function start(root: HTMLElement) {
  // A signed-in page the server drew (decision 033) carries what it was drawn with: the cache starts with
  // it. Otherwise who is signed in, and the page's first list, are asked at once, while the code arrives.
  const drawn = document.getElementById(BOOT_ELEMENT_ID) !== null;
  const prefetch = () => void prefetchFirstReads(queryClient, window.location.pathname).catch(() => {});
  if (!drawn) prefetch();
  await nextTask();
  const boot = drawn ? readBoot(document) : null;
  if (boot) {
    for (const [key, data] of boot.queries)
      queryClient.setQueryData(key, data, { updatedAt: boot.renderedAt });
  } else if (drawn) {
    prefetch();
  }
  await nextTask();
  const router = createBrowserRouter(routes);
  if (boot) {
    const first = router.state.location.key;
    const stop = router.subscribe((state) => {
      if (state.location.key === first) return;
      leaveDrawnPage();
      stop();
    });
  }
  const app = <App queryClient={queryClient} router={router} boot={boot} />;
  // Making the router (its routes ranked, the history read) and starting the render are two tasks.
  await nextTask();

  // A page written at build time (decision 018) is hydrated when it is the page this address shows; so is
  // a page the server drew, when its boot data could be used. Anything else (the plain shell, a reset link
  // whose hash asks for another page, a page drawn in another time zone) is drawn afresh.
  const { pathname, search, hash } = window.location;
  const written = root.dataset.prerendered;
  const usable = root.dataset.drawn !== 'server' || boot !== null;
  if (written && usable && written === prerenderedPage(pathname, search, hash)) {
    // In a transition, hydration yields to the browser between pieces of work instead of holding the main
    // thread until the whole page is live; a tap meanwhile hydrates what it touches first.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    delete root.dataset.prerendered;
    createRoot(root).render(app);
  }
  // Hydrated or drawn afresh, a page whose loader kept taps gets its safety net (decision 036).
  releaseEarlyTapsLater();
}
void start(root);

// The service worker (offline shell, pushes, updates) waits until the page has loaded and is quiet: it is
// not needed to paint or to come to life, its code is a chunk of its own (decision 031), and its first
// install downloads the whole app, which would slow a page still coming to life.
const registerWorker = () =>
  void import('./lib/service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error) => console.warn('service worker not registered', error));
if (document.readyState === 'complete') whenQuiet(registerWorker);
else window.addEventListener('load', () => whenQuiet(registerWorker), { once: true });
