/**
 * The paths of the web app, defined once for links in the app and in mails; the route config
 * (src/web/routes.ts) names the same pages, and a test holds the two together.
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
  checkIns: '/check-ins',
  record: '/record',
  /** The limits lists (decision 055). */
  limits: '/limits',
  /** Rules (and, as they land, rituals, rewards and requests): the pair's daily structure (decision 064). */
  structure: '/structure',
  /** The first negotiation (decision 058). */
  negotiation: '/negotiation',
  /** The notification centre (decision 083): every notification, by kind, paged. */
  notifications: '/notifications',
  /** The calendar (decision 086): tasks due, ritual days and punishment timers, by week or month. */
  calendar: '/calendar',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  releaseInfo: '/release-info',
  /** Help and support (decision 054): public, prerendered, opens offline, asks the server nothing. */
  help: '/help',
  /** Who can read what (decision 082): public, prerendered, true to the schema by a test. */
  whoCanRead: '/who-can-read',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A path with a query string, e.g. `withQuery(paths.tasks, { highlight: id })`. */
export function withQuery(path: AppPath, query: Record<string, string | null | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The cookie in which the browser tells the server its time zone, so that a page rendered on the server
 * shows dates as the browser will (decision 048).
 */
export const TIME_ZONE_COOKIE = 'pact_tz';
