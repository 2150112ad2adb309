import { PrivacyPolicyPage } from '@/web/app/layout/legal-page';

export default PrivacyPolicyPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
