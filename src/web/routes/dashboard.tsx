import type { LoaderFunctionArgs } from 'react-router';
import { DashboardPage } from '@/web/app/dashboard/dashboard-page';
import { loadQueries, reads, userOf } from '@/web/app/page-data';

/** The dashboard's lists: the tasks, the contract shared with each partner, and the first negotiations. */
export async function loader({ context }: LoaderFunctionArgs) {
  const me = userOf(await loadQueries(context, [reads.me]));
  const contracts = (me?.partners ?? []).map((partner) => reads.contract(partner.id));
  return loadQueries(context, [reads.tasks, reads.negotiation, ...contracts]);
}
export const clientLoader = () => null;

export default DashboardPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
