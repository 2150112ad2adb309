import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/web/lib/idle';

/** Toasts start below the fixed top bar (3.5rem on a phone, 4rem from md), so they never cover it. */
const TOASTS_BELOW_TOP_BAR = 56 + 8;

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
            position="top-center"
            richColors
            closeButton
            duration={4000}
            offset={{ top: TOASTS_BELOW_TOP_BAR + 16 }}
            mobileOffset={{ top: TOASTS_BELOW_TOP_BAR }}
          />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
