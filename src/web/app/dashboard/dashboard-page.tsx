import { CalendarDays, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ContractCard } from '@/web/features/contract/components/contract-card';
import { InstallCard } from '@/web/features/install/components/install-card';
import { LimitsCard } from '@/web/features/limits/components/limits-card';
import { NegotiationStartCard } from '@/web/features/negotiation/components/start-card';
import { RecentNotifications } from '@/web/features/notifications/components/recent-notifications';
import { ConnectPartnerDialog } from '@/web/features/partners/components/connect-partner-dialog';
import { ConnectedPartnersDialog } from '@/web/features/partners/components/connected-partners-dialog';
import { PendingRequests } from '@/web/features/partners/components/pending-requests';
import { NotificationsCard } from '@/web/features/push/components/notifications-card';
import { RecentTasksCard } from '@/web/features/tasks/components/recent-tasks-card';
import { WeeksCard } from '@/web/features/weeks/components/weeks-card';
import { useCurrentUser } from '@/web/lib/current-user';

export function DashboardPage() {
  const user = useCurrentUser();
  const [connectOpen, setConnectOpen] = useState(false);
  const [partnersOpen, setPartnersOpen] = useState(false);
  const count = user.partners.length;
  return (
    <div className="space-y-5">
      <header className="flex items-start justify-between gap-3 narrow:flex-col narrow:items-stretch">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Dashboard</h1>
          {count > 0 ? (
            <button
              type="button"
              data-testid="partner-status"
              className="min-h-11 text-left text-sm text-primary underline-offset-4 hover:underline"
              onClick={() => setPartnersOpen(true)}
            >
              Connected with {count} partner(s)
            </button>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="partner-status">
              Not connected with any partners yet
            </p>
          )}
        </div>
        <Button className="shrink-0 whitespace-nowrap" onClick={() => setConnectOpen(true)}>
          <UserPlus className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Connect with a partner</span>
          <span className="sm:hidden">Connect</span>
        </Button>
      </header>
      <PendingRequests userId={user.id} />
      {count > 0 ? <NegotiationStartCard user={user} /> : null}
      {count === 0 ? (
        <Card>
          <h2 className="font-semibold">Welcome, {user.displayName}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Connect with your partner by their email address. Once you are connected, your tasks, contract and
            journal will appear here.
          </p>
        </Card>
      ) : (
        <>
          <RecentTasksCard user={user} />
          <Link to={paths.calendar} className={buttonClasses('outline')}>
            <CalendarDays className="h-4 w-4" aria-hidden /> Calendar
          </Link>
        </>
      )}
      {count > 0 ? <WeeksCard user={user} /> : null}
      <ContractCard user={user} />
      {count > 0 ? <LimitsCard /> : null}
      <NotificationsCard recent={<RecentNotifications />} />
      {count > 0 ? <InstallCard /> : null}
      <ConnectPartnerDialog open={connectOpen} onOpenChange={setConnectOpen} />
      <ConnectedPartnersDialog open={partnersOpen} onOpenChange={setPartnersOpen} partners={user.partners} />
    </div>
  );
}
