import { WhoCanReadPage } from '@/web/app/layout/who-can-read-page';

export default WhoCanReadPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
