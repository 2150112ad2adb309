import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { RecordPage } from '@/web/features/record/pages/record-page';

export const loader = ({ context }: LoaderFunctionArgs) => loadQueries(context, [reads.recordPairs]);
export const clientLoader = () => null;

export default RecordPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
