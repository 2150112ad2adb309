import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { watchLockRefusals } from './app-lock';
import { isTransient, retryDelay, watchReads } from './connection';

/**
 * Whether a failed read is tried again: a server that could not answer (a restart behind the proxy, no
 * network) is asked again until it answers, with backoff; a refusal (4xx) will not change on a retry; any
 * other failure is tried twice more (decision 040).
 */
export function retryRead(count: number, error: unknown) {
  if (isTransient(error)) return true;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
}

export function createQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: retryRead,
        retryDelay: (attempt) => retryDelay(attempt),
      },
      // A write is sent whatever the browser thinks of its network: offline, TanStack Query's default
      // would hold it unsent and its form on "Saving…" with nothing said. Sent, it fails at once and the
      // form says it could not reach Pact, keeps what was typed and offers the retry (decision 039).
      mutations: { networkMode: 'always', retry: false },
    },
  });
  watchReads(queryClient);
  watchLockRefusals(queryClient);
  return queryClient;
}
