import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { paths } from '@/shared/routes';
import { Spinner } from '@/web/components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './layout/coming-soon-page';
import { NotFoundPage } from './layout/not-found-page';
import { PageFocus } from './layout/page-focus';
import { PublicLayout } from './layout/public-layout';
import { RouteError } from './layout/route-error';

/** Each page is its own chunk: a visitor downloads the screens they open, not the whole app. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Page />
    </Suspense>
  );
}

const comingSoon = [
  { path: paths.contract, title: 'Contract' },
  { path: paths.journal, title: 'Journal' },
  { path: paths.punishments, title: 'Punishments' },
  { path: paths.settings, title: 'Settings' },
  { path: paths.releaseInfo, title: 'Release Information' },
];

/** Outside the signed-in layout an error is a page of its own; inside it, it takes the page's place. */
const pageError = <RouteError standalone />;
const inLayoutError = <RouteError />;

export const router = createBrowserRouter([
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
            element: page(() => import('@/web/features/accounts/pages/landing-page'), 'LandingPage'),
            errorElement: pageError,
          },
          // Legal pages are public: people read the terms before they agree to them.
          {
            path: paths.privacyPolicy,
            element: page(() => import('./layout/legal-page'), 'PrivacyPolicyPage'),
            errorElement: pageError,
          },
          {
            path: paths.termsOfService,
            element: page(() => import('./layout/legal-page'), 'TermsOfServicePage'),
            errorElement: pageError,
          },
        ],
      },
      {
        path: paths.auth,
        element: page(() => import('@/web/features/accounts/pages/auth-page'), 'AuthPage'),
        errorElement: pageError,
      },
      {
        path: paths.authCallback,
        element: page(() => import('@/web/features/accounts/pages/auth-callback-page'), 'AuthCallbackPage'),
        errorElement: pageError,
      },
      {
        element: <AppLayout />,
        errorElement: pageError,
        children: [
          {
            path: paths.dashboard,
            element: page(() => import('./dashboard/dashboard-page'), 'DashboardPage'),
            errorElement: inLayoutError,
          },
          {
            path: paths.tasks,
            element: page(() => import('@/web/features/tasks/pages/tasks-page'), 'TasksPage'),
            errorElement: inLayoutError,
          },
          {
            path: paths.taskHistory,
            element: page(() => import('@/web/features/tasks/pages/task-history-page'), 'TaskHistoryPage'),
            errorElement: inLayoutError,
          },
          ...comingSoon.map(({ path, title }) => ({
            path,
            element: <ComingSoonPage title={title} />,
            errorElement: inLayoutError,
          })),
        ],
      },
      { path: '*', element: <NotFoundPage />, errorElement: pageError },
    ],
  },
]);
