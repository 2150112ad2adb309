import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '@/web/components/ui/spinner';
import { AppLayout } from '@/web/features/shell/components/app-layout';
import { ComingSoonPage } from '@/web/features/shell/pages/coming-soon-page';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';

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
  { path: '/contract', title: 'Contract' },
  { path: '/journal', title: 'Journal' },
  { path: '/punishments', title: 'Punishments' },
  { path: '/settings', title: 'Settings' },
  { path: '/release-info', title: 'Release Information' },
];

export const router = createBrowserRouter([
  { path: '/', element: page(() => import('@/web/features/accounts/pages/landing-page'), 'LandingPage') },
  { path: '/auth', element: page(() => import('@/web/features/accounts/pages/auth-page'), 'AuthPage') },
  {
    path: '/auth-callback',
    element: page(() => import('@/web/features/accounts/pages/auth-callback-page'), 'AuthCallbackPage'),
  },
  // Legal pages are public: people read the terms before they agree to them.
  {
    path: '/privacy-policy',
    element: page(() => import('@/web/features/shell/pages/legal-page'), 'PrivacyPolicyPage'),
  },
  {
    path: '/terms-of-service',
    element: page(() => import('@/web/features/shell/pages/legal-page'), 'TermsOfServicePage'),
  },
  {
    element: <AppLayout />,
    children: [
      {
        path: '/dashboard',
        element: page(() => import('@/web/features/dashboard/pages/dashboard-page'), 'DashboardPage'),
      },
      { path: '/tasks', element: page(() => import('@/web/features/tasks/pages/tasks-page'), 'TasksPage') },
      {
        path: '/task-history',
        element: page(() => import('@/web/features/tasks/pages/task-history-page'), 'TaskHistoryPage'),
      },
      ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonPage title={title} /> })),
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
