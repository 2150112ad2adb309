import type { LoaderFunctionArgs } from 'react-router';
import { NegotiationPage } from '@/web/app/negotiation/negotiation-page';
import { loadQueries, reads } from '@/web/app/page-data';

/** The first negotiation, with what its steps show: the limits lists and the check-ins' cadence. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  loadQueries(context, [reads.negotiation, reads.limits, reads.checkinCadence]);
export const clientLoader = () => null;

export default NegotiationPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
