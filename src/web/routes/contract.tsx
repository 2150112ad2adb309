import type { LoaderFunctionArgs } from 'react-router';
import { loadForChosenPartner, reads } from '@/web/app/page-data';
import { ContractPage } from '@/web/features/contract/pages/contract-page';

/** The contract shared with the chosen partner: the page is rendered with its text. */
export const loader = ({ context, request }: LoaderFunctionArgs) =>
  loadForChosenPartner(context, request.url, reads.contract);
export const clientLoader = () => null;

export default ContractPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
