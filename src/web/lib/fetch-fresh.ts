import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads a query anew, from a request sent now. `fetchQuery` alone would join a fetch already in flight,
 * whose answer may have left the server before the change that prompted this read (a live event arriving
 * while the first refetch runs): that fetch is cancelled instead, and the query asked again.
 */
export async function fetchFresh<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T> {
  await queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}
