import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@/shared/domain/notification-kinds';
import { UNREAD_COUNT_CAP } from '@/shared/schemas/notifications';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { patchQuery } from '@/web/lib/writes';

export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: () => unwrap(api.api.notifications.$get({ query: {} })),
});
export const useNotifications = () => useQuery(notificationsQuery);
type Notifications = Awaited<ReturnType<typeof notificationsQuery.queryFn & {}>>;

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.api.notifications[':id'].read.$post({ param: { id } })),
    // Read at once in the bell; unread again if the server refuses.
    onMutate: async (id) => ({
      pending: await patchQuery<Notifications>(
        queryClient,
        queryKeys.notifications,
        (data) => {
          const target = data.notifications.find((n) => n.id === id);
          if (!target || target.read) return data;
          return {
            ...data,
            notifications: data.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
            // At the cap the count means "this many or more": one read leaves it there.
            unreadCount:
              data.unreadCount >= UNREAD_COUNT_CAP ? data.unreadCount : Math.max(0, data.unreadCount - 1),
          };
        },
        (data) => !data.notifications.some((n) => n.id === id && !n.read),
      ),
    }),
    onSuccess: (_answer, _id, context) => context.pending.settle(),
    onError: (_error, _id, context) => context?.pending.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.api.notifications['read-all'].$post()),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allNotificationPages }),
      ]),
  });
}

/** update_user_last_visit, when the menu opens; a failure is only logged. */
export const recordVisit = () =>
  unwrap(api.api.me.visit.$post()).catch((error) => console.warn('last visit not recorded', error));

/**
 * The notification centre's pages of one kind ('' for all), newest first (decision 083). Its first page of
 * all kinds is the bell's list, already read with the page: it starts from it.
 */
export function useNotificationPages(kind: NotificationKind | '') {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: queryKeys.notificationPages(kind),
    queryFn: async ({ pageParam }): Promise<Notifications> =>
      unwrap(
        api.api.notifications.$get({
          query: { ...(kind ? { kind } : {}), ...(pageParam ? { before: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.notifications)?.dataUpdatedAt,
    initialData: () => {
      const first = kind ? undefined : queryClient.getQueryData<Notifications>(queryKeys.notifications);
      return first ? { pages: [first], pageParams: [null] } : undefined;
    },
  });
}

/** Marks each unread notification of an entry read, then reads the bell and the centre again. */
export function useMarkEntryRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await unwrap(api.api.notifications[':id'].read.$post({ param: { id } }));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allNotificationPages }),
      ]),
  });
}
