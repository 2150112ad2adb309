/**
 * The paths of the web app, defined once: the router, the navigation, links in the app and in mails, and
 * the server (which answers these with the app and a 200, and any other non-API path with the app and a
 * 404, so that the status matches the page the user sees) all read them from here.
 */
export const paths = {
  home: '/',
  auth: '/auth',
  authCallback: '/auth-callback',
  dashboard: '/dashboard',
  tasks: '/tasks',
  taskHistory: '/task-history',
  contract: '/contract',
  journal: '/journal',
  punishments: '/punishments',
  settings: '/settings',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  releaseInfo: '/release-info',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const APP_ROUTES = Object.values(paths) as AppPath[];

export const isAppRoute = (pathname: string) => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (APP_ROUTES as readonly string[]).includes(path);
};

/** A path with a query string, e.g. `withQuery(paths.tasks, { highlight: id })`. */
export function withQuery(path: AppPath, query: Record<string, string | null | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
