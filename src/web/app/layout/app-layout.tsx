import { Navigate, Outlet } from 'react-router';
import { paths } from '@/shared/routes';
import { DialogCornerContext } from '@/web/components/ui/dialog';
import { RoleChooser } from '@/web/features/accounts/components/role-chooser';
import { AftercareCards } from '@/web/features/aftercare/components/aftercare-card';
import { CheckinBanner } from '@/web/features/checkins/components/checkin-banner';
import { RequestDialogProvider } from '@/web/features/partners/components/request-dialog-provider';
import { RedButton } from '@/web/features/stops/components/red-button';
import { StopBanner } from '@/web/features/stops/components/stop-banner';
import { useBrowserOnline } from '@/web/lib/connection';
import { CurrentUserContext, useMe } from '@/web/lib/current-user';
import { MAIN_ID } from '@/web/lib/focus';
import { useFocusRescue } from '@/web/lib/focus-rescue';
import { RealtimeProvider } from '@/web/lib/realtime';
import { signedOutDestination } from '@/web/lib/sign-in-session';
import { FeatureEffects, useSessionEffects } from '../effects';
import { AppLockGate } from './app-lock-gate';
import { AppShellSkeleton } from './app-shell-skeleton';
import { BottomNav } from './bottom-nav';
import { ConnectionBanner } from './connection-banner';
import { OfflineScreen } from './offline-screen';
import { SkipLink } from './page-focus';
import { QuickExitButton, useQuickExitKey } from './quick-exit-button';
import { ScreenCover } from './screen-cover';
import { TopBar } from './top-bar';

/**
 * The signed-in shell: sends visitors to /auth and a Switch without a session role to the chooser. Rendered
 * by the server with its user (the layout's loader); reached by a client-side navigation, it shows its
 * skeleton until the user is known. Behind the app lock's gate (decision 078), under the cover shown when the
 * page is hidden (decision 079).
 */
export function AppLayout() {
  useSessionEffects();
  useQuickExitKey();
  return (
    <>
      <AppLockGate>
        <SignedInShell />
      </AppLockGate>
      <ScreenCover />
    </>
  );
}

const RED_IN_DIALOG = <RedButton inDialog />;

/**
 * Who is signed in decides the screen; a read of /api/me that fails never does (decision 040): the last
 * known user and the open page stay, with a banner while the server cannot be reached. Before the user is
 * known, a device that is offline says so; a server that does not answer yet keeps the skeleton, with the
 * banner, while it is asked again.
 */
function SignedInShell() {
  const focusRescue = useFocusRescue();
  const me = useMe();
  const online = useBrowserOnline();
  const user = me.data;
  if (user === undefined) {
    if (!online) return <OfflineScreen onRetry={() => void me.refetch()} />;
    if (me.isError) {
      return (
        <p role="alert" className="p-6 text-center text-destructive">
          Database connection issue detected. Please try again later or contact support.
        </p>
      );
    }
    return <AppShellSkeleton notice={<ConnectionBanner />} />;
  }
  if (!user) return <Navigate to={signedOutDestination.isHome() ? paths.home : paths.auth} replace />;
  if (!user.sessionRole) {
    // Stopping never waits for a choice (decision 049): Red and its banner are on the role card too, live.
    return (
      <CurrentUserContext value={user}>
        <RealtimeProvider key={user.id}>
          <div className="flex justify-end gap-2 px-4 pt-3">
            <RedButton />
            <QuickExitButton />
          </div>
          <StopBanner user={user} />
          <RoleChooser />
        </RealtimeProvider>
      </CurrentUserContext>
    );
  }
  return (
    <CurrentUserContext value={user}>
      <RealtimeProvider key={user.id}>
        {/* Red in the corner of every dialog: a modal dialog makes the top bar inert (decision 054). */}
        <DialogCornerContext value={RED_IN_DIALOG}>
          <RequestDialogProvider userId={user.id}>
            <FeatureEffects user={user} />
            <div className="min-h-dvh pt-[calc(var(--top-bar)+1px)] pb-20 lg:pb-0 lg:pl-56">
              <SkipLink />
              <TopBar user={user} />
              <ConnectionBanner />
              <StopBanner user={user} />
              <CheckinBanner user={user} />
              <AftercareCards user={user} />
              <main
                ref={focusRescue}
                id={MAIN_ID}
                tabIndex={-1}
                className="mx-auto w-full max-w-5xl px-4 py-5 outline-none"
              >
                <Outlet />
              </main>
              <BottomNav />
            </div>
          </RequestDialogProvider>
        </DialogCornerContext>
      </RealtimeProvider>
    </CurrentUserContext>
  );
}
