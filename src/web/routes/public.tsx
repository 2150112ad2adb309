import { PublicLayout } from '@/web/app/layout/public-layout';

export default PublicLayout;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
