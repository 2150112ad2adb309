import { TermsOfServicePage } from '@/web/app/layout/legal-page';

export default TermsOfServicePage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
