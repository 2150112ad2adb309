import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { PunishmentsPage } from '@/web/features/punishments/pages/punishments-page';

export const loader = ({ context }: LoaderFunctionArgs) => loadQueries(context, [reads.punishments]);
export const clientLoader = () => null;

export default PunishmentsPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
