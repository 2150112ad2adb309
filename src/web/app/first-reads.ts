import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/shared/routes';
import { meQuery } from '@/web/lib/current-user';

type Read = (queryClient: QueryClient) => Promise<unknown>;

/** The list each page shows first, fetched with its code (a chunk of its own, so the entry stays small). */
const FIRST_READS: Record<string, () => Promise<Read>> = {
  [paths.dashboard]: async () => {
    const { tasksQuery } = await import('@/web/features/tasks/api/tasks');
    return (queryClient) => queryClient.prefetchQuery(tasksQuery);
  },
  [paths.tasks]: async () => {
    const { tasksQuery } = await import('@/web/features/tasks/api/tasks');
    return (queryClient) => queryClient.prefetchQuery(tasksQuery);
  },
  [paths.punishments]: async () => {
    const { punishmentsQuery } = await import('@/web/features/punishments/api/punishments');
    return (queryClient) => queryClient.prefetchQuery(punishmentsQuery);
  },
};

/**
 * Asks who is signed in at once and, for a signed-in user with a role for this session, the first list of
 * the page they opened: in parallel with the page's code instead of after it has arrived.
 */
export async function prefetchFirstReads(queryClient: QueryClient, pathname: string) {
  const [me, read] = await Promise.all([queryClient.fetchQuery(meQuery), FIRST_READS[pathname]?.()]);
  if (!me || !read || (me.role === 'switch' && !me.sessionRole)) return;
  await read(queryClient);
}
