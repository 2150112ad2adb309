import { LandingPage } from '@/web/features/accounts/pages/landing-page';

export default LandingPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
