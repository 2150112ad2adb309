import { useSyncExternalStore } from 'react';

/** A cookie lives 400 days at most in today's browsers: a device's choice is set again each time the app opens. */
const MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * A choice kept in a cookie on this device, which the server reads too, so that it answers the device's
 * pages in it from the first byte (discreet mode, decision 081; the theme, decision 089). In the page: the
 * choice, its listeners, and the hook that shows the server's answer while hydrating, then the cookie.
 * `unset` is the choice without a cookie; `read` parses a Cookie header or `document.cookie`.
 */
export function deviceCookie<T>(opts: {
  name: string;
  unset: T;
  read: (cookies: string) => T;
  value: (choice: T) => string;
}) {
  const listeners = new Set<() => void>();
  const read = () => (typeof document === 'undefined' ? opts.unset : opts.read(document.cookie));

  function write(choice: T) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Pact serves.
    document.cookie =
      choice === opts.unset
        ? `${opts.name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
        : `${opts.name}=${opts.value(choice)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`;
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    set(choice: T) {
      write(choice);
      for (const listener of listeners) listener();
    },
    /** Sets the cookie again, for another 400 days, when the device made a choice. */
    renew() {
      const choice = read();
      if (choice !== opts.unset) write(choice);
    },
    subscribe,
    useChoice(rendered: T): T {
      return useSyncExternalStore(subscribe, read, () => rendered);
    },
  };
}
