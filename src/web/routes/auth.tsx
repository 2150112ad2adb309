import { AuthPage } from '@/web/features/accounts/pages/auth-page';

/** The login form works before the page's code runs: sent natively, it is answered here. */
export { loginAction as action } from '@/web/features/accounts/login-action.server';

export default AuthPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
