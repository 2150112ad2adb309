import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/web/lib/idle';

/**
 * Toasts sit above the fixed bottom navigation (4rem and the phone's safe area), at the bottom right (full
 * width on a phone): never over the top bar or the page's title, which a toast at the top covered; and
 * above the top of what a screen docks there (the journal's composer: `useToastsAbove`).
 */
const TOASTS_ABOVE_BOTTOM_NAV =
  'calc(max(4rem + env(safe-area-inset-bottom), var(--toasts-above, 0px)) + 0.75rem)';

/** sonner's Toaster is not needed to paint a page: it is fetched once the first page is on screen. */
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** True once the browser has painted the first page and has a moment to spare. */
function useAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}

/**
 * The query cache and the toasts around every page. A toast raised before the Toaster has arrived is
 * not lost: sonner keeps it and shows it when the Toaster subscribes.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const toasts = useAfterFirstPaint();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster
            theme="system"
            position="bottom-right"
            richColors
            closeButton
            duration={4000}
            offset={{ bottom: TOASTS_ABOVE_BOTTOM_NAV, right: 16 }}
            mobileOffset={{ bottom: TOASTS_ABOVE_BOTTOM_NAV }}
          />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
