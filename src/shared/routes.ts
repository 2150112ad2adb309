/**
 * Paths the web app renders. The server answers these with the app and a 200, and any other
 * non-API path with the app and a 404, so that the status matches the page the user sees.
 */
export const APP_ROUTES = [
  '/',
  '/auth',
  '/auth-callback',
  '/dashboard',
  '/tasks',
  '/task-history',
  '/contract',
  '/journal',
  '/punishments',
  '/settings',
  '/privacy-policy',
  '/terms-of-service',
  '/release-info',
] as const;

export const isAppRoute = (pathname: string) => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (APP_ROUTES as readonly string[]).includes(path);
};
