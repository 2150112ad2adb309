import { createBrowserRouter } from 'react-router';
import { AuthCallbackPage } from '@/web/features/accounts/pages/auth-callback-page';
import { AuthPage } from '@/web/features/accounts/pages/auth-page';
import { LandingPage } from '@/web/features/accounts/pages/landing-page';
import { DashboardPage } from '@/web/features/dashboard/pages/dashboard-page';
import { AppLayout } from '@/web/features/shell/components/app-layout';
import { ComingSoonPage } from '@/web/features/shell/pages/coming-soon-page';
import { PrivacyPolicyPage, TermsOfServicePage } from '@/web/features/shell/pages/legal-page';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';

const comingSoon = [
  { path: '/tasks', title: 'Tasks' },
  { path: '/task-history', title: 'Task History' },
  { path: '/contract', title: 'Contract' },
  { path: '/journal', title: 'Journal' },
  { path: '/punishments', title: 'Punishments' },
  { path: '/settings', title: 'Settings' },
  { path: '/release-info', title: 'Release Information' },
];

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/auth-callback', element: <AuthCallbackPage /> },
  // Legal pages are public: people read the terms before they agree to them.
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-service', element: <TermsOfServicePage /> },
  {
    element: <AppLayout />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonPage title={title} /> })),
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
