import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/web/lib/query-client';

/** Toasts start below the fixed top bar (3.5rem on a phone, 4rem from md), so they never cover it. */
const TOASTS_BELOW_TOP_BAR = 56 + 8;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        theme="system"
        position="top-center"
        richColors
        closeButton
        duration={4000}
        offset={{ top: TOASTS_BELOW_TOP_BAR + 16 }}
        mobileOffset={{ top: TOASTS_BELOW_TOP_BAR }}
      />
    </QueryClientProvider>
  );
}
