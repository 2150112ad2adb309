import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, type Theme, themeIn } from '@/shared/texts/appearance';
import { DISCREET_COOKIE_MAX_AGE_S } from '@/shared/texts/device-privacy';

/**
 * This device's theme (decision 089): a cookie, so that the server renders each page in it; here, the same
 * choice for the document while the app runs. A cookie lives 400 days at most: `renewTheme` sets it again
 * each time the app opens.
 */
const listeners = new Set<() => void>();

const readCookie = (): Theme => (typeof document === 'undefined' ? 'system' : themeIn(document.cookie));

function writeCookie(theme: Theme) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Pact serves.
  document.cookie =
    theme === 'system'
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${DISCREET_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

export function setTheme(theme: Theme) {
  writeCookie(theme);
  for (const listener of listeners) listener();
}

export function renewTheme() {
  const theme = readCookie();
  if (theme !== 'system') writeCookie(theme);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The theme as the page shows it: the server's answer while hydrating, then the device's cookie. */
export function useTheme(rendered: Theme): Theme {
  return useSyncExternalStore(subscribe, readCookie, () => rendered);
}
