import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/shared/routes';
import { PageSkeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useEarlyTapsReplay } from '@/web/lib/early-taps';
import { AppShellSkeleton } from './layout/app-shell-skeleton';
import { NotFoundPage } from './layout/not-found-page';
import { PageFocus } from './layout/page-focus';
import { PublicLayout } from './layout/public-layout';
import { RouteError } from './layout/route-error';

/**
 * Drawn with its page, so that its effect runs once the page is live (hydrated, on a written or drawn
 * page): the taps that came before then are carried out now.
 */
function PageLive() {
  useEarlyTapsReplay();
  return null;
}

/**
 * Each page is its own chunk: a visitor downloads the screens they open, not the whole app. While it
 * loads, `fallback` stands in (a page written at build time keeps its HTML instead, until it hydrates).
 */
function page(load: () => Promise<ComponentType>, fallback: ReactNode = <Spinner label="Loading…" />) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={fallback}>
      <Page />
      <PageLive />
    </Suspense>
  );
}

/** A page inside the signed-in layout: its outline while its code arrives. */
const inLayout = (load: () => Promise<ComponentType>) => page(load, <PageSkeleton />);

/** The signed-in layout (top bar, navigation, the user's session) is a chunk of its own too. */
const AppLayout = lazy(async () => ({ default: (await import('./layout/app-layout')).AppLayout }));

/** Outside the signed-in layout an error is a page of its own; inside it, it takes the page's place. */
const pageError = <RouteError standalone />;
const inLayoutError = <RouteError />;

/** The app's routes; main.tsx makes the browser's router of them, the build a memory router per page. */
export const routes: RouteObject[] = [
  {
    element: <PageFocus />,
    errorElement: pageError,
    children: [
      {
        element: <PublicLayout />,
        errorElement: pageError,
        children: [
          {
            path: paths.home,
            element: page(
              async () => (await import('@/web/features/accounts/pages/landing-page')).LandingPage,
            ),
            errorElement: pageError,
          },
          // Legal pages are public: people read the terms before they agree to them.
          {
            path: paths.privacyPolicy,
            element: page(async () => (await import('./layout/legal-page')).PrivacyPolicyPage),
            errorElement: pageError,
          },
          {
            path: paths.termsOfService,
            element: page(async () => (await import('./layout/legal-page')).TermsOfServicePage),
            errorElement: pageError,
          },
          // The store guide is public too: whoever publishes the app reads it, signed in or not.
          {
            path: paths.releaseInfo,
            element: page(async () => (await import('./layout/release-info-page')).ReleaseInfoPage),
            errorElement: pageError,
          },
        ],
      },
      {
        path: paths.auth,
        element: page(async () => (await import('@/web/features/accounts/pages/auth-page')).AuthPage),
        errorElement: pageError,
      },
      {
        path: paths.authCallback,
        element: page(
          async () => (await import('@/web/features/accounts/pages/auth-callback-page')).AuthCallbackPage,
        ),
        errorElement: pageError,
      },
      {
        element: (
          <Suspense fallback={<AppShellSkeleton />}>
            <AppLayout />
          </Suspense>
        ),
        errorElement: pageError,
        children: [
          {
            path: paths.dashboard,
            element: inLayout(async () => (await import('./dashboard/dashboard-page')).DashboardPage),
            errorElement: inLayoutError,
          },
          {
            path: paths.tasks,
            element: inLayout(async () => (await import('@/web/features/tasks/pages/tasks-page')).TasksPage),
            errorElement: inLayoutError,
          },
          {
            path: paths.taskHistory,
            element: inLayout(
              async () => (await import('@/web/features/tasks/pages/task-history-page')).TaskHistoryPage,
            ),
            errorElement: inLayoutError,
          },
          {
            path: paths.punishments,
            element: inLayout(
              async () => (await import('@/web/features/punishments/pages/punishments-page')).PunishmentsPage,
            ),
            errorElement: inLayoutError,
          },
          {
            path: paths.contract,
            element: inLayout(
              async () => (await import('@/web/features/contract/pages/contract-page')).ContractPage,
            ),
            errorElement: inLayoutError,
          },
          {
            path: paths.journal,
            element: inLayout(
              async () => (await import('@/web/features/journal/pages/journal-page')).JournalPage,
            ),
            errorElement: inLayoutError,
          },
          {
            path: paths.settings,
            // The push panel is the push feature's; the settings page shows it inside Notifications.
            element: inLayout(async () => {
              const [{ SettingsPage }, { PushPanel }] = await Promise.all([
                import('@/web/features/settings/pages/settings-page'),
                import('@/web/features/push/components/push-panel'),
              ]);
              return () => <SettingsPage pushPanel={<PushPanel />} />;
            }),
            errorElement: inLayoutError,
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, errorElement: pageError },
    ],
  },
];
