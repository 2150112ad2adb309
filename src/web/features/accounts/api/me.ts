import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { ApiError, api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The signed-in user, or null when nobody is signed in. */
export async function fetchMe(): Promise<CurrentUser | null> {
  try {
    return (await unwrap(api.api.me.$get())).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe });

export const useMe = () => useQuery(meQuery);
