import { HandHelping, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { PermissionRequestView } from '@/shared/schemas/permissions';
import { PERMISSIONS_TEXT, PERMISSIONS_PAGE_TEXT as TEXT } from '@/shared/texts/permissions';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { useHighlight } from '@/web/lib/use-highlight';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { usePermissionRequests, useWithdrawPermission } from '../api/permissions';
import type { Decision } from './decide-permission-dialog';
import { PermissionCard, type PermissionViewer } from './permission-card';

// The dialogs open on a tap: their code comes then (Deferred, decision 059).
const loadAskDialog = async () => (await import('./ask-permission-dialog')).AskPermissionDialog;
const loadDecideDialog = async () => (await import('./decide-permission-dialog')).DecidePermissionDialog;

/**
 * The Permissions tab of /structure (decision 073): the pair's permission requests, newest first, for both
 * partners. The submissive asks and withdraws a waiting one; the dominant grants or denies it once, with a
 * note. Every change shows live for both (`permission.changed`, app/live-updates.ts).
 */
export function PermissionsPanel({
  user,
  partnerId,
  partnerName,
}: {
  user: CurrentUser;
  partnerId: string;
  partnerName: string;
}) {
  const pages = usePermissionRequests(partnerId);
  const older = useOlderPages(pages);
  const requests = pages.data?.pages.flatMap((p) => p.requests) ?? [];
  const highlight = useHighlight('permission-', pages.isSuccess);
  const withdraw = useWithdrawPermission(partnerId);
  const [asking, setAsking] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [withdrawing, setWithdrawing] = useState<PermissionRequestView | null>(null);
  const asker = user.sessionRole === 'submissive';

  const viewerOf = (r: PermissionRequestView): PermissionViewer => {
    if (user.sessionRole === 'dominant' && r.dominantId === user.id)
      return { as: 'dominant', onDecide: (how) => setDeciding({ request: r, how }) };
    if (asker && r.submissiveId === user.id) return { as: 'submissive', onWithdraw: () => setWithdrawing(r) };
    return { as: 'reader' };
  };

  const content = () => {
    if (pages.isPending) {
      return (
        <Loading label="Loading requests…" className="space-y-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 w-full rounded-card" />
          ))}
        </Loading>
      );
    }
    if (pages.isError) {
      return (
        <p role="alert" className="text-destructive">
          {TEXT.fetchFailed}
        </p>
      );
    }
    if (requests.length === 0) {
      return (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <HandHelping className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{TEXT.empty}</p>
        </Card>
      );
    }
    return (
      <>
        <ul className="space-y-3" aria-labelledby="permissions-heading">
          {requests.map((r) => (
            <li key={r.id}>
              <PermissionCard request={r} viewer={viewerOf(r)} highlighted={highlight === r.id} />
            </li>
          ))}
        </ul>
        {pages.hasNextPage ? (
          <Button variant="outline" onClick={older.showOlder} disabled={older.loadingMore}>
            {TEXT.older}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <section aria-labelledby="permissions-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="permissions-heading" className="text-lg font-semibold">
          {TEXT.heading}
        </h2>
        {asker ? (
          <Button className="shrink-0" onClick={() => setAsking(true)}>
            <Plus className="h-4 w-4" aria-hidden /> {TEXT.ask}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      {content()}

      {asker ? (
        <Deferred
          show={asking}
          load={loadAskDialog}
          props={{ open: asking, onOpenChange: (open: boolean) => !open && setAsking(false), partnerId }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
      {user.sessionRole === 'dominant' ? (
        <Deferred
          show={deciding !== null}
          load={loadDecideDialog}
          props={{ decision: deciding, onClose: () => setDeciding(null), partnerId }}
          onCancel={() => setDeciding(null)}
        />
      ) : null}
      <ConfirmAction
        item={withdrawing}
        title={TEXT.withdrawTitle}
        action={TEXT.withdraw}
        pending={withdraw.isPending}
        act={(r) => withdraw.mutateAsync(r.id)}
        done={PERMISSIONS_TEXT.withdrawn}
        failed={TEXT.withdrawFailed}
        onClose={() => setWithdrawing(null)}
      >
        {(r) => `"${r.what}" will stay in the list as withdrawn. ${partnerName} is not told.`}
      </ConfirmAction>
    </section>
  );
}
