import { lazy, Suspense, useEffect, useState } from 'react';
import type { Theme } from '@/shared/texts/appearance';

/**
 * Toasts sit above the fixed bottom navigation (4rem and the phone's safe area), at the bottom right (full
 * width on a phone): never over the top bar or the page's title, which a toast at the top covered; and
 * above the top of what a screen docks there (the journal's composer: `useToastsAbove`).
 */
const TOASTS_ABOVE_BOTTOM_NAV =
  'calc(max(4rem + env(safe-area-inset-bottom), var(--toasts-above, 0px)) + 0.75rem)';

/** sonner's Toaster is not needed to paint a page: it is fetched once the page is hydrated. */
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * The toasts of every page. A toast raised before the Toaster has arrived is not lost: sonner keeps it and
 * shows it when the Toaster subscribes.
 */
export function Toasts({ theme }: { theme: Theme }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={theme}
        position="bottom-right"
        richColors
        closeButton
        duration={4000}
        offset={{ bottom: TOASTS_ABOVE_BOTTOM_NAV, right: 16 }}
        mobileOffset={{ bottom: TOASTS_ABOVE_BOTTOM_NAV }}
      />
    </Suspense>
  );
}
