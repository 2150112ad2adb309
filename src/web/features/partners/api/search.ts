import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** Searches only once the text could be an address: "@", "." and at least 5 characters. */
export const isSearchable = (term: string) => term.length >= 5 && term.includes('@') && term.includes('.');

export const useUserSearch = (term: string) =>
  useQuery({
    queryKey: queryKeys.userSearch(term),
    queryFn: async () => (await unwrap(api.api.users.search.$post({ json: { email: term } }))).users,
    enabled: isSearchable(term),
    // Every search asks the server: a block or a new account must show at once.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
