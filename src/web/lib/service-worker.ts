import { toast } from '@/web/lib/toast';

/** How often an open Pact asks whether a new version was deployed (also when it comes back to view). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers Pact's service worker (decision 031), fetched after the page has loaded so that none of this
 * is in the initial JavaScript. A new version installs in the background and waits; the user is told
 * "A new version of Pact is ready" and the worker takes over only when they choose "Reload to update".
 * Every open Pact then reloads, so that no page goes on asking for the previous build's chunks.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' });
  // The first install takes control of this page without a reload; a version replacing another reloads
  // every page it takes over (also one whose first visit it was installed on).
  let controlled = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.addEventListener('waiting', () => {
    toast('A new version of Pact is ready', {
      id: 'pact-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload to update', onClick: () => wb.messageSkipWaiting() },
    });
  });
  const registration = await wb.register();
  if (!registration) return;
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
