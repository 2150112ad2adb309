import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { NotificationsPage } from '@/web/features/notifications/pages/notifications-page';
import { useOpenRequest } from '@/web/features/partners/components/request-dialog-provider';

/** The centre's first page of every kind is the bell's list, which the page is rendered with. */
export const loader = ({ context }: LoaderFunctionArgs) => loadQueries(context, [reads.notifications]);
export const clientLoader = () => null;

/** A pending request opens its dialog, which belongs to the partners feature. */
export default function Notifications() {
  return <NotificationsPage onOpenRequest={useOpenRequest()} />;
}
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
