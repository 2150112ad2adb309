import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import { Spinner } from '@/web/components/ui/spinner';
import { fetchMe } from '@/web/lib/current-user';
import { queryKeys } from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';

/** Where the verification link lands: report the outcome, then go on to the dashboard or to /auth. */
export function AuthCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const error = params.get('error');
    if (error) {
      toast.error('Verification link invalid or expired', {
        description: 'Log in to receive a new confirmation link.',
        duration: 6000,
      });
    } else if (params.get('verified')) {
      toast.success('Email verified', {
        description: 'Your account is active. You can now log in.',
        duration: 6000,
      });
    }
    fetchMe()
      .then((user) => {
        queryClient.setQueryData(queryKeys.me, user);
        navigate(user ? paths.dashboard : paths.auth, { replace: true });
      })
      .catch(() => navigate(paths.auth, { replace: true }));
  }, [location.search, navigate, queryClient]);

  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Spinner label="Processing authentication" />
    </main>
  );
}
