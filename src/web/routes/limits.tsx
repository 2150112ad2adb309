import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { LimitsPage } from '@/web/features/limits/pages/limits-page';

export const loader = ({ context }: LoaderFunctionArgs) => loadQueries(context, [reads.limits]);
export const clientLoader = () => null;

export default LimitsPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
