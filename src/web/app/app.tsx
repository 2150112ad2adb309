import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/** The whole app, the same tree in the browser (main.tsx) and when pages are written at build time. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
