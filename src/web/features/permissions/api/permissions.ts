import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskPermissionInput, PermissionListView } from '@/shared/schemas/permissions';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { withKey } from '@/web/lib/writes';

const requests = api.api['permission-requests'];
const byId = requests[':id'];

/** The requests of the pair with one partner, newest first, a page at a time (decision 073). */
export const usePermissionRequests = (partnerId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.permissions(partnerId),
    queryFn: ({ pageParam }) =>
      unwrap(requests.$get({ query: pageParam ? { partnerId, before: pageParam } : { partnerId } })),
    initialPageParam: null as string | null,
    getNextPageParam: (page: PermissionListView) => page.nextBefore,
  });

/** Every write answers the request as it now stands: the pages are read again (a few rows). */
function usePermissionWrite<I>(partnerId: string, fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.permissions(partnerId) }) as Promise<void>,
  });
}

/** POST /api/permission-requests: the submissive asks, with the dialog's key (a retry makes no second). */
export const useAskPermission = (partnerId: string) =>
  usePermissionWrite(partnerId, ({ key, ...json }: AskPermissionInput & { key: string }) =>
    unwrap(requests.$post({ json }, withKey(key))),
  );

/** POST /api/permission-requests/:id/grant or /deny: the dominant answers, once, with an optional note. */
export const useDecidePermission = (partnerId: string) =>
  usePermissionWrite(partnerId, ({ id, how, note }: { id: string; how: 'grant' | 'deny'; note: string }) =>
    unwrap(byId[how].$post({ param: { id }, json: note ? { note } : {} })),
  );

/** POST /api/permission-requests/:id/withdraw: the submissive takes back a waiting request. */
export const useWithdrawPermission = (partnerId: string) =>
  usePermissionWrite(partnerId, (id: string) => unwrap(byId.withdraw.$post({ param: { id } })));

export type PermissionPages = InfiniteData<PermissionListView, string | null>;
