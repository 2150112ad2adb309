import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { ApiError, api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * The signed-in user, or null when nobody is signed in. Only two answers say so: `200 { user: null }` (what
 * the server answers a visitor) and a 401. Any other failure (a proxy's 502 while the server restarts, no
 * network, a lost database) says nothing about the session: it throws, and the cache keeps the last known
 * user while the read is tried again (decision 040).
 */
export async function fetchMe(): Promise<CurrentUser | null> {
  try {
    return (await unwrap(api.api.me.$get())).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe });

/** The signed-in user as the server knows it: for screens that may be shown to a visitor too. */
export const useMe = () => useQuery(meQuery);

/** Provided by the signed-in layout once the user is known and has chosen a session role. */
export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user, inside the signed-in layout. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in layout');
  return user;
}
