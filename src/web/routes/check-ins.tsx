import type { LoaderFunctionArgs } from 'react-router';
import { loadQueries, reads } from '@/web/app/page-data';
import { CheckinsPage } from '@/web/features/checkins/pages/checkins-page';

export const loader = ({ context }: LoaderFunctionArgs) =>
  loadQueries(context, [reads.checkinCadence, reads.checkinHistory]);
export const clientLoader = () => null;

export default CheckinsPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
