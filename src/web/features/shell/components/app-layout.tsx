import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/web/components/ui/spinner';
import { useMe } from '@/web/features/accounts/api/me';
import { RoleChooser } from '@/web/features/accounts/components/role-chooser';
import { RequestDialogProvider } from '@/web/features/partners/components/request-dialog-provider';
import { TaskEffects } from '@/web/features/tasks/components/task-effects';
import { RealtimeProvider } from '@/web/lib/realtime';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';

/** The signed-in shell: sends visitors to /auth and a Switch without a session role to the chooser. */
export function AppLayout() {
  const me = useMe();
  if (me.isPending) return <Spinner label="Loading Pact…" />;
  if (me.isError) {
    return (
      <p role="alert" className="p-6 text-center text-destructive">
        Database connection issue detected. Please try again later or contact support.
      </p>
    );
  }
  const user = me.data;
  if (!user) return <Navigate to="/auth" replace />;
  if (!user.sessionRole) return <RoleChooser />;
  return (
    <RealtimeProvider key={user.id}>
      <RequestDialogProvider userId={user.id}>
        <TaskEffects user={user} />
        <div className="min-h-dvh pt-14 pb-20 md:pt-16">
          <TopBar user={user} />
          <main className="mx-auto w-full max-w-5xl px-4 py-5">
            <Outlet context={user} />
          </main>
          <BottomNav />
        </div>
      </RequestDialogProvider>
    </RealtimeProvider>
  );
}
