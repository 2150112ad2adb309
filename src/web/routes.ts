import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page of the web app, named once (decision 048): its address and its route module, which holds the
 * page, its loader (the data it is rendered with) and its error boundary. Paths match `src/shared/routes.ts`,
 * which the server and the links read; a test checks that the two agree.
 */
export default [
  layout('routes/public.tsx', [
    index('routes/home.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('release-info', 'routes/release-info.tsx'),
    route('help', 'routes/help.tsx'),
    route('who-can-read', 'routes/who-can-read.tsx'),
  ]),
  route('auth', 'routes/auth.tsx'),
  route('auth-callback', 'routes/auth-callback.tsx'),
  layout('routes/signed-in.tsx', [
    route('dashboard', 'routes/dashboard.tsx'),
    route('tasks', 'routes/tasks.tsx'),
    route('task-history', 'routes/task-history.tsx'),
    route('punishments', 'routes/punishments.tsx'),
    route('contract', 'routes/contract.tsx'),
    route('journal', 'routes/journal.tsx'),
    route('settings', 'routes/settings.tsx'),
    route('check-ins', 'routes/check-ins.tsx'),
    route('record', 'routes/record.tsx'),
    route('limits', 'routes/limits.tsx'),
    route('structure', 'routes/structure.tsx'),
    route('negotiation', 'routes/negotiation.tsx'),
    route('notifications', 'routes/notifications.tsx'),
    route('calendar', 'routes/calendar.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
