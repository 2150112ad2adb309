import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install Pact (decision 093). Chromium fires `beforeinstallprompt` once a page meets
 * its criteria, possibly before the app has hydrated: the event is kept from the start (this module is
 * imported by the client's entry) and its mini-infobar held back, so that the offer is made by the app, at
 * a moment that makes sense, and never as a banner over what someone is doing.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer =
  /** The browser can install Pact now, through its own dialog. */
  | 'prompt'
  /** Safari on an iPhone or iPad: no event, but Share › Add to Home Screen installs it. */
  | 'ios'
  | null;

const DISMISSED_KEY = 'pact:install-dismissed';
/** "Not now" puts the offer away on this device for this long. */
export const INSTALL_SNOOZE_MS = 30 * 24 * 3600_000;

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

const iosSafari = () => {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  // Other browsers on iOS (CriOS, FxiOS, EdgiOS) cannot add to the home screen on older versions.
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
};

function snoozed(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_SNOOZE_MS;
  } catch {
    return false;
  }
}

/** What this device can be offered now: nothing once installed, opened installed, or put away. */
export function currentOffer(now = Date.now()): InstallOffer {
  if (typeof window === 'undefined' || installed || standalone() || snoozed(now)) return null;
  if (deferred) return 'prompt';
  return iosSafari() ? 'ios' : null;
}

/** "Not now": the offer is put away on this device for 30 days. */
export function snoozeInstall(now = Date.now()) {
  try {
    localStorage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // Storage refused (a private window): the offer is put away for this page only.
    installed = true;
  }
  changed();
}

/** Opens the browser's install dialog; true when the person installed Pact. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // An event prompts once: a second offer needs a new one from the browser.
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  changed();
  return outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The offer, as the page shows it: none while rendering on the server and hydrating. */
export const useInstallOffer = (): InstallOffer =>
  useSyncExternalStore(
    subscribe,
    () => currentOffer(),
    () => null,
  );
