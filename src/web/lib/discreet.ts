import { useSyncExternalStore } from 'react';
import {
  DISCREET_COOKIE,
  DISCREET_COOKIE_MAX_AGE_S,
  DISCREET_ICONS,
  DISCREET_NAME,
  discreetIn,
  PACT_ICONS,
} from '@/shared/texts/device-privacy';

/**
 * Discreet mode on this device (decision 081): a cookie, so that the server answers the page, the manifest
 * and the pushes of this device under the neutral name from the first byte; here, the same choice for the
 * document's head while the app runs.
 */
const listeners = new Set<() => void>();

const readCookie = () => (typeof document === 'undefined' ? false : discreetIn(document.cookie));

function writeCookie(on: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Pact serves.
  document.cookie = on
    ? `${DISCREET_COOKIE}=1; Path=/; Max-Age=${DISCREET_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
    : `${DISCREET_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function setDiscreet(on: boolean) {
  writeCookie(on);
  for (const listener of listeners) listener();
}

/** A cookie lives 400 days at most: each time the app opens, a discreet device's is set again. */
export function renewDiscreet() {
  if (readCookie()) writeCookie(true);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Listens to the choice (Settings) for one who must act on it (the push subscription). */
export const onDiscreetChange = subscribe;

/** Discreet mode as the page shows it: the server's answer while hydrating, then the device's cookie. */
export function useDiscreet(rendered: boolean): boolean {
  return useSyncExternalStore(subscribe, readCookie, () => rendered);
}

/** What the document's head names and shows. */
export function headOf(discreet: boolean) {
  return discreet
    ? {
        title: DISCREET_NAME,
        description: DISCREET_NAME,
        favicon: DISCREET_ICONS.favicon,
        appleTouch: DISCREET_ICONS.appleTouch,
        // Another address, so that the browser fetches the manifest again when the choice changes.
        manifest: '/manifest.webmanifest?discreet',
      }
    : {
        title: 'Pact',
        description: 'Pact: a private space for a consenting adult couple to keep their dynamic.',
        favicon: PACT_ICONS.favicon,
        appleTouch: PACT_ICONS.appleTouch,
        manifest: '/manifest.webmanifest',
      };
}
