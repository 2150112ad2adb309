import { AuthPage } from '@/web/features/accounts/pages/auth-page';

/** The login and registration forms work before the page's code runs: sent natively, they are answered here. */
export { accountFormAction as action } from '@/web/features/accounts/account-form-action.server';

export default AuthPage;
export { StandaloneError as ErrorBoundary } from '@/web/app/layout/route-error';
