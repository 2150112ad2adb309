import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { StructurePage } from '@/web/app/structure/structure-page';

/** The structure shared with the chosen partner: the page is rendered with its rules, rituals,
 * infractions, and points (the ledger's first page, the catalogue and the requests). */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, (partnerId) => [
    reads.rules(partnerId),
    reads.rituals(partnerId),
    reads.infractions(partnerId),
    reads.pointsLedger(partnerId),
    reads.rewards(partnerId),
    reads.redemptions(partnerId),
  ]);
export const clientLoader = () => null;

export default StructurePage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
