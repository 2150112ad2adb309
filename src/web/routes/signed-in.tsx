import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '@/shared/routes';
import { AppLayout } from '@/web/app/layout/app-layout';
import { loadQueries, lockedOf, reads, userOf } from '@/web/app/page-data';

/**
 * The signed-in layout's data: who is signed in, and what its top bar shows on every page (the bell, the
 * requests, Red and the open check-ins) and under it (open aftercare). A visitor is sent to the login before anything is rendered.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const data = await loadQueries(context, [
    reads.me,
    reads.appLock,
    reads.notifications,
    reads.proofKeep,
    reads.requests,
    reads.stops,
    reads.checkins,
    reads.aftercare,
  ]);
  // A locked device has no user to show (decision 078): it is rendered with the lock screen only.
  if (context.read && !userOf(data) && !lockedOf(data)) throw redirect(paths.auth);
  return data;
}

/** In the browser each page's own queries read what they need: the cache may hold it already. */
export const clientLoader = () => null;

export default AppLayout;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
