import { HelpPage } from '@/web/app/layout/help-page';

export default HelpPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
