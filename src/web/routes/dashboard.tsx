import type { LoaderFunctionArgs } from 'react-router';
import { DashboardPage } from '@/web/app/dashboard/dashboard-page';
import { loadQueries, reads, userOf } from '@/web/app/page-data';

/**
 * The dashboard's lists: the tasks, the contract shared with each partner, the first negotiations, and how the
 * weeks went with the first partner (the card's own choice until another is picked).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const me = userOf(await loadQueries(context, [reads.me]));
  const contracts = (me?.partners ?? []).map((partner) => reads.contract(partner.id));
  const first = me?.partners[0];
  return loadQueries(context, [
    reads.tasks,
    reads.negotiation,
    ...contracts,
    ...(first ? [reads.weeks(first.id)] : []),
  ]);
}
export const clientLoader = () => null;

export default DashboardPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
