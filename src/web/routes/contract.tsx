import { ContractPage } from '@/web/features/contract/pages/contract-page';

export default ContractPage;
export { InLayoutError as ErrorBoundary } from '@/web/app/layout/route-error';
