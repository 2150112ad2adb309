/// <reference lib="webworker" />
// Pact's service worker (decision 031), built by vite-plugin-pwa (injectManifest) into dist/web/sw.js.
// It precaches the whole build, answers navigations from the network and falls back to the precached
// shell offline, and shows pushes. Nothing under /api (answers, media) ever passes through a cache.
import { clientsClaim } from 'workbox-core';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { paths } from '@/shared/routes';
import { DISCREET_ICONS } from '@/shared/texts/device-privacy';
import {
  notificationOf,
  openTarget,
  RED_ACTION,
  RED_NOT_CALLED,
  RED_REQUEST,
  type ShownNotification,
} from './payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const SHELL = '/shell.html';
const OFFLINE_PAGE = '/offline.html';
/** A navigation that has no answer within this long is answered from the precache instead. */
const NETWORK_TIMEOUT_MS = 4000;

// The whole build: the shell, the landing page, every hashed chunk and style, the offline page, the small icons. Only the
// exact URLs of the manifest match (no `/` -> index.html, no clean URLs): pages come from the network, except the help
// page, precached at its address (`/help`) and answered from here, offline or not (decision 054).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// A page written by a newer build than the active worker's (fetched from the network) asks for chunks
// this worker did not precache: a waiting worker may have them already; else the network.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  async ({ request }) => (await caches.match(request, { ignoreVary: true })) ?? fetch(request),
);

function withinTimeout(response: Promise<Response>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('navigation timed out')), NETWORK_TIMEOUT_MS);
    response.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

// Pages: the server's answer (prerendered or rendered, decision 048) when it comes; offline, the shell, which
// loads the page in the browser or says it is offline; the offline page only if even the shell is missing. No navigation
// preload: it would send a navigation the worker leaves alone (a one-time link under /api) twice.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await withinTimeout(fetch(request));
      } catch {
        return (await matchPrecache(SHELL)) ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// A new version waits until the user chooses "Reload to update" (the page sends SKIP_WAITING).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/** Shows a notification with Red's action on it (decision 049). */
const show = (shown: ShownNotification) =>
  self.registration.showNotification(shown.title, {
    body: shown.body,
    tag: shown.tag,
    data: { url: shown.url },
    icon: shown.discreet ? DISCREET_ICONS.icon192 : '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    // @ts-expect-error actions and renotify are in Chromium and the spec, not yet in TypeScript's lib
    actions: [RED_ACTION],
    renotify: true,
  });

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  event.waitUntil(show(notificationOf(text)));
});

/**
 * The notification's "Call Red": Red in every pair of the signed-in user, then Pact opens where the stop shows.
 * If it could not be called (offline, signed out), a notification says so: a stop never fails silently.
 */
async function callRed() {
  const called = await fetch('/api/stops', RED_REQUEST).then(
    (response) => response.ok,
    () => false,
  );
  if (!called) await show(RED_NOT_CALLED);
  await openPact(paths.dashboard).catch(() => undefined);
}

/** Brings Pact to the front on `path`: the open window that shows Pact, else a new one. */
async function openPact(path: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.filter((w) => new URL(w.url).origin === self.location.origin);
  const client = own.find((w) => w.focused) ?? own.find((w) => w.visibilityState === 'visible') ?? own[0];
  if (!client) return void (await self.clients.openWindow(path));
  await client.focus().catch(() => undefined);
  const here = new URL(client.url);
  if (here.pathname + here.search + here.hash === path) return;
  try {
    await client.navigate(path);
  } catch {
    await self.clients.openWindow(path); // a window this worker does not control cannot be navigated
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  if (event.action === RED_ACTION.action) return void event.waitUntil(callRed());
  event.waitUntil(openPact(openTarget(event.notification.data?.url, self.location.origin)));
});

// The push service replaced the subscription: store the new one and forget the old one.
self.addEventListener('pushsubscriptionchange', (event) => {
  const { oldSubscription, newSubscription } = event;
  const renew = async () => {
    const key = oldSubscription?.options.applicationServerKey;
    const next =
      newSubscription ??
      (key
        ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
        : null);
    const send = (method: string, body: unknown) =>
      fetch('/api/push/subscriptions', {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const keys = next?.toJSON().keys;
    if (next && keys) await send('POST', { endpoint: next.endpoint, keys });
    if (oldSubscription && oldSubscription.endpoint !== next?.endpoint) {
      await send('DELETE', { endpoint: oldSubscription.endpoint });
    }
  };
  event.waitUntil(renew().catch((error) => console.warn('push subscription not renewed', error)));
});
