import { AuthPage } from '@/web/features/accounts/pages/auth-page';

export default AuthPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
