import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { StructurePage } from '@/web/app/structure/structure-page';

/** The structure shared with the chosen partner: the page is rendered with its rules. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, reads.rules);
export const clientLoader = () => null;

export default StructurePage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
