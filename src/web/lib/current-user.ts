import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The signed-in user, or null when nobody is signed in (the server answers a visitor `{ user: null }`). */
export async function fetchMe(): Promise<CurrentUser | null> {
  return (await unwrap(api.api.me.$get())).user;
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
