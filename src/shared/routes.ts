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

/** The pages of the signed-in layout: each has a skeleton of the layout written at build time. */
export const SIGNED_IN_PATHS = [
  paths.dashboard,
  paths.tasks,
  paths.taskHistory,
  paths.contract,
  paths.journal,
  paths.punishments,
  paths.settings,
] as const satisfies readonly AppPath[];

/**
 * The list a signed-in page shows first, by prerendered page name (src/web/app/first-reads.ts fetches it
 * with the page's code). The server names it in a preload `Link` header when the request carries a
 * session cookie, so that it travels while the scripts download.
 */
export const FIRST_LISTS: Readonly<Record<string, string>> = {
  dashboard: '/api/tasks',
  tasks: '/api/tasks',
  punishments: '/api/punishments',
};

/**
 * The pages written to HTML at build time (decision 018), by name (the file `prerendered/<name>.html`)
 * and the address they are rendered at: the landing and auth pages as a visitor sees them, and the
 * signed-in layout's skeleton at each of its pages.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  home: paths.home,
  auth: paths.auth,
  'auth-register': `${paths.auth}?tab=register`,
  ...Object.fromEntries(SIGNED_IN_PATHS.map((path) => [path.slice(1), path])),
};

/**
 * The prerendered page that shows this address, or null when it has none. The server answers with it
 * (it sees no hash); the browser hydrates it only when the whole address, hash included, names the
 * same page, and draws the page afresh otherwise (a reset link may carry its token in the hash).
 */
export function prerenderedPage(pathname: string, search = '', hash = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.home) return 'home';
  if (path === paths.auth) {
    const query = new URLSearchParams(search);
    const fragment = new URLSearchParams(hash.replace(/^#/, ''));
    if (query.get('type') === 'recovery' || fragment.get('type') === 'recovery') return null;
    return query.get('tab') === 'register' ? 'auth-register' : 'auth';
  }
  return (SIGNED_IN_PATHS as readonly string[]).includes(path) ? path.slice(1) : null;
}

/**
 * The cookie in which the browser tells the server its time zone, so that a page drawn on the server
 * (decision 033) shows dates as the browser will.
 */
export const TIME_ZONE_COOKIE = 'pact_tz';
