import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { roleBadge } from '@/shared/domain/roles';
import { paths } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { Avatar } from '@/web/components/ui/avatar';
import { Badge } from '@/web/components/ui/badge';
import { BrandMark } from '@/web/components/ui/brand-mark';
import { Button } from '@/web/components/ui/button';
import { useLogoutAction } from '@/web/features/accounts/api/logout';
import { YellowButton } from '@/web/features/checkins/components/yellow-button';
import { NotificationBell } from '@/web/features/notifications/components/notification-bell';
import { useIncomingRequests } from '@/web/features/partners/api/requests';
import { useOpenRequest } from '@/web/features/partners/components/request-dialog-provider';
import { RedButton } from '@/web/features/stops/components/red-button';
import { QuickExitButton } from './quick-exit-button';

export function TopBar({ user }: { user: CurrentUser }) {
  const logout = useLogoutAction();
  const requests = useIncomingRequests(user.id);
  const openRequest = useOpenRequest();
  const role = user.sessionRole;

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-card/95 pt-safe-top px-safe backdrop-blur">
      {/*
        From 1024 px the bar spans the window: the brand above the side navigation, the controls at the right.
        Under 20 rem across (large text on a phone, decision 091) it takes two rows of 2.75 rem: the role, the
        bell and Log out, then Red, Yellow and Quick exit on a row of their own.
      */}
      <div className="mx-auto flex h-(--top-bar) max-w-5xl items-center gap-0.5 px-2 sm:gap-2 sm:px-4 lg:max-w-none lg:px-6 narrow:flex-wrap narrow:content-center narrow:gap-y-1">
        {/* Below 360 px the mark gives its room to Quick exit (decision 080): Home is in the bottom bar. */}
        <Link
          to={paths.dashboard}
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 max-[359px]:hidden narrow:hidden"
          aria-label="Pact, go to dashboard"
        >
          <BrandMark className="h-8 w-8 shrink-0" />
          {/* On a phone the mark alone: the bar keeps room for Red, the bell and the people. */}
          <span className="hidden whitespace-nowrap font-display text-xl font-bold text-primary sm:inline">
            Pact
          </span>
        </Link>
        {role ? (
          <Badge aria-label={`Acting as ${role}`} data-testid="role-badge" className="whitespace-nowrap">
            {roleBadge(role)}
          </Badge>
        ) : null}
        {/*
          A paired user's bar holds the most, and must fit a 320 px phone (decision 070): the partners' pictures
          and one's own name show from `sm` up; on a phone they are on the dashboard's partner list.
        */}
        <div
          data-testid="safety-controls"
          className="ml-auto flex items-center gap-0.5 sm:gap-2 narrow:order-last narrow:ml-0 narrow:basis-full narrow:justify-center"
        >
          <RedButton />
          <YellowButton />
          <QuickExitButton />
        </div>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2 narrow:ml-auto">
          <NotificationBell requests={requests} onOpenRequest={openRequest} />
          {user.partners.length > 0 ? (
            <ul
              className="hidden shrink-0 -space-x-2 border-r border-border pr-2 sm:flex"
              aria-label="Partners"
              data-testid="top-bar-partners"
            >
              {user.partners.slice(0, 3).map((partner) => (
                <li key={partner.id}>
                  <Avatar
                    name={partner.name}
                    src={partner.photoURL}
                    size={28}
                    alt={partner.name}
                    className="ring-2 ring-card"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="hidden min-w-0 items-center gap-2 sm:flex">
            <Avatar name={user.displayName} src={user.photoURL} />
            <div className="min-w-0 leading-tight">
              <p className="truncate text-sm font-medium">{user.displayName}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
          {/* On a phone the bar keeps room for Red and Yellow: the name is read out instead (out of the flow). */}
          <span className="sr-only sm:hidden">
            {user.displayName}, {user.email}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Log out"
            onClick={logout.run}
            pending={logout.pending}
          >
            <LogOut className="h-5 w-5" aria-hidden />
          </Button>
        </div>
      </div>
    </header>
  );
}
