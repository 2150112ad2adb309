import { AuthCallbackPage } from '@/web/features/accounts/pages/auth-callback-page';

export default AuthCallbackPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
