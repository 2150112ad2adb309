import { UserPlus } from 'lucide-react';
import { useOutletContext } from 'react-router';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';

export function DashboardPage() {
  const user = useOutletContext<CurrentUser>();
  const count = user.partners.length;
  return (
    <div className="space-y-5">
      <header className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <p className="text-sm text-muted-foreground" data-testid="partner-status">
            {count > 0 ? `Connected with ${count} partner(s)` : 'Not connected with any partners yet'}
          </p>
        </div>
        <Button disabled aria-describedby="connect-soon" title="Partner connections are coming soon">
          <UserPlus className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Connect with a partner</span>
          <span className="sm:hidden">Connect</span>
        </Button>
      </header>
      <Card>
        <h2 className="font-semibold">Welcome, {user.displayName}</h2>
        <p id="connect-soon" className="mt-1 text-sm text-muted-foreground">
          Connecting with your partner is coming soon. Once you are connected, your tasks, contract and
          journal will appear here.
        </p>
      </Card>
    </div>
  );
}
