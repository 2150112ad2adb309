import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { StructurePage } from '@/web/app/structure/structure-page';

/** The structure shared with the chosen partner: the page is rendered with its rules and infractions. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, (partnerId) => [
    reads.rules(partnerId),
    reads.infractions(partnerId),
  ]);
export const clientLoader = () => null;

export default StructurePage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
