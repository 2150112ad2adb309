import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { type Boot, BootContext } from '@/web/lib/boot';
import { Providers } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app, the same tree in the browser (main.tsx), when pages are written at build time, and when
 * the server draws a signed-in page (`boot`: what it drew it with, decision 033).
 */
export function App({
  queryClient,
  router,
  boot = null,
}: {
  queryClient: QueryClient;
  router: Router;
  boot?: Boot | null;
}) {
  return (
    <StrictMode>
      <BootContext value={boot}>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </BootContext>
    </StrictMode>
  );
}
