import { ReleaseInfoPage } from '@/web/app/layout/release-info-page';

export default ReleaseInfoPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
