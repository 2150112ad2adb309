import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from './idle';

/**
 * Code a page does not need to paint or to hydrate, such as the modal behind every dialog: fetched once, when
 * first wanted or when the browser has nothing else to do (decision 059). A failed fetch (the network is
 * down and the service worker does not have the file yet) is tried again at the next want.
 */
export interface LazyModule<T> {
  load(): Promise<T>;
  /** The module, if it has arrived. */
  loaded(): T | undefined;
  /**
   * Fetches it once the page has loaded and the browser is idle, or at the user's first press or key,
   * whichever comes first: by the time a tap opens a dialog, its code is usually there.
   */
  prefetch(): void;
}

/** What tells that the user is about to act on the page: a press (a tap, a click) or a key. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  let prefetching = false;
  const load = () => {
    pending ??= importer().then(
      (loaded) => {
        value = loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const quietly = () => void load().catch(() => {});
  return {
    load,
    loaded: () => value,
    prefetch() {
      if (prefetching || typeof window === 'undefined') return;
      prefetching = true;
      const start = () => {
        for (const type of INTENT_EVENTS) document.removeEventListener(type, start, true);
        quietly();
      };
      for (const type of INTENT_EVENTS) {
        document.addEventListener(type, start, { capture: true, passive: true, once: true });
      }
      afterLoadWhenIdle(start);
    },
  };
}

/** `module` once `wanted` turns true (fetched then if it is not there yet), and whether its fetch failed. */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean) {
  const [value, setValue] = useState<T | undefined>(module.loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let live = true;
    setFailed(false);
    module.load().then(
      (loaded) => {
        if (live) setValue(() => loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [module, wanted, value]);
  return { value, failed };
}
