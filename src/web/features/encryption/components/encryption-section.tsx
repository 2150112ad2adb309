import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { fetchPairKeys } from '@/web/lib/e2ee/api';
import { historyNeedsConsent, settlePairKeys } from '@/web/lib/e2ee/settle';
import { queryKeys } from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useDeviceKeys, useMyKeys, usePairs } from '../api/keys';
import { SetUpKeysDialog, UnlockKeysDialog } from './key-dialogs';

/**
 * Settings › End-to-end encryption (decision 100): set up this account's keys (its recovery key shown once),
 * unlock them on this device, and compare each pair's safety code. The journal's texts are sealed with them
 * (decision 101); the section says what is and what is not yet.
 */
export function EncryptionSection() {
  const user = useCurrentUser();
  const mine = useMyKeys();
  const device = useDeviceKeys(user.id);
  const hydrated = useHydrated();
  const [dialog, setDialog] = useState<'set-up' | 'unlock' | 'replace' | null>(null);
  const unlocked = !!mine.data && !!device.data && device.data.publicRaw === mine.data.publicKey;
  return (
    <section
      aria-labelledby="encryption-title"
      id="encryption"
      className="space-y-4 rounded-card border border-border bg-card p-card shadow-sm"
      data-testid="encryption-section"
    >
      <div className="space-y-1">
        <h2 id="encryption-title" className="flex items-center gap-2 text-lg font-semibold">
          <LockKeyhole className="h-5 w-5 text-primary" aria-hidden />
          End-to-end encryption
        </h2>
        <p className="text-sm text-muted-foreground">
          Your keys are made in this browser; Pact keeps them only sealed by your password and your recovery
          key, and cannot open them. Once you and your partner have both set them up, your journal’s messages
          are sealed with them, so that only the two of you can read them. Voice notes and proofs are next.
        </p>
      </div>
      {mine.isPending || (mine.data && device.isPending) ? (
        <Loading label="Loading encryption…">
          <Skeleton className="h-10 w-full rounded-control" />
        </Loading>
      ) : mine.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your keys
        </p>
      ) : !mine.data ? (
        <div className="space-y-2">
          <p className="text-sm">Encryption is not set up for your account.</p>
          <Button onClick={() => setDialog('set-up')} disabled={!hydrated}>
            Set up encryption
          </Button>
        </div>
      ) : !unlocked ? (
        <div className="space-y-2">
          <p className="text-sm">Your keys are set up but locked on this device.</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog('unlock')} disabled={!hydrated}>
              Unlock on this device
            </Button>
            <Button variant="outline" onClick={() => setDialog('replace')} disabled={!hydrated}>
              Lost your recovery key? Make new keys
            </Button>
          </div>
        </div>
      ) : (
        <Unlocked userId={user.id} />
      )}
      <SetUpKeysDialog open={dialog === 'set-up'} onClose={() => setDialog(null)} />
      <UnlockKeysDialog open={dialog === 'unlock'} onClose={() => setDialog(null)} />
      <SetUpKeysDialog open={dialog === 'replace'} onClose={() => setDialog(null)} replace />
    </section>
  );
}

/** Unlocked here: each pair's keys are settled, and its safety code shown to compare. */
function Unlocked({ userId }: { userId: string }) {
  const pairs = usePairs();
  return (
    <div className="space-y-4">
      <p className="inline-flex items-center gap-1.5 text-sm text-success">
        <Check className="h-4 w-4" aria-hidden /> Unlocked on this device
      </p>
      {pairs.isPending ? (
        <Loading label="Loading your pairs…">
          <Skeleton className="h-16 w-full rounded-control" />
        </Loading>
      ) : pairs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load your partners
        </p>
      ) : pairs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Connect with a partner to compare your safety code.</p>
      ) : (
        <ul className="space-y-3" aria-label="Safety codes">
          {pairs.data.map((pair) => (
            <PairCode
              key={pair.id}
              pairId={pair.id}
              userId={userId}
              partnerName={pair.dominantId === userId ? pair.submissiveName : pair.dominantName}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One pair: its keys settled on this device (the first made, the partner's wraps renewed), then the safety
 * code both partners see, or why there is none yet.
 */
function PairCode({ pairId, userId, partnerName }: { pairId: string; userId: string; partnerName: string }) {
  const device = useDeviceKeys(userId);
  const identity = device.data;
  const settled = useQuery({
    queryKey: [...queryKeys.pairKeys(pairId), 'settled', identity?.publicRaw ?? null],
    enabled: !!identity,
    queryFn: async () => {
      const view = await fetchPairKeys(pairId);
      const { view: after } = await settlePairKeys(view, { id: userId, identity: identity! });
      const partner = after.partner.publicKey;
      const { safetyCode } = await import('@/web/lib/e2ee/safety-code');
      return {
        view: after,
        code: partner
          ? await safetyCode(
              { id: userId, publicRaw: identity!.publicRaw },
              { id: after.partner.id, publicRaw: partner },
            )
          : null,
      };
    },
  });
  const [copied, setCopied] = useState(false);
  const label = `Safety code with ${partnerName}`;
  return (
    <li className="space-y-2 rounded-control bg-muted p-3">
      <h3 className="text-sm font-semibold">{partnerName}</h3>
      {settled.isPending ? (
        <Loading label="Checking keys…">
          <Skeleton className="h-12 w-full rounded-control" />
        </Loading>
      ) : settled.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Keys could not be checked: {errorMessage(settled.error)}
        </p>
      ) : !settled.data.code ? (
        <p className="text-sm text-muted-foreground">{partnerName} has not set up encryption yet.</p>
      ) : (
        <>
          <p
            className="grid max-w-xs grid-cols-4 gap-x-3 gap-y-1 font-mono text-sm tabular-nums"
            data-testid="safety-code"
          >
            <span className="sr-only">{label}: </span>
            {settled.data.code.map((group, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the groups are positions in one code
              <span key={i}>{group}</span>
            ))}
          </p>
          <p className="text-xs text-muted-foreground">
            Compare these numbers with {partnerName}'s screen, side by side or on a call. If they match, your
            keys are the ones you both made, and no one in between could swap them.
          </p>
          {historyNeedsConsent(settled.data.view) ? (
            <ShareHistory pairId={pairId} userId={userId} partnerName={partnerName} />
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard.writeText(settled.data.code!.join(' ')).then(
                () => {
                  setCopied(true);
                  toast.success('Safety code copied');
                },
                () => toast.error('Could not copy the safety code'),
              )
            }
          >
            <Copy className="h-4 w-4" aria-hidden /> {copied ? 'Copied' : 'Copy code'}
          </Button>
        </>
      )}
    </li>
  );
}

/**
 * The partner made new keys (decision 101): their devices cannot read what was sealed before until this
 * user, having compared the new safety code, shares the pair's older keys with the new one. Never at once by
 * itself: whoever took over the partner's e-mail could make new keys too.
 */
function ShareHistory({
  pairId,
  userId,
  partnerName,
}: {
  pairId: string;
  userId: string;
  partnerName: string;
}) {
  const queryClient = useQueryClient();
  const identity = useDeviceKeys(userId).data;
  const [busy, setBusy] = useState(false);
  const share = async () => {
    if (!identity) return;
    setBusy(true);
    try {
      await settlePairKeys(await fetchPairKeys(pairId), { id: userId, identity }, { shareHistory: true });
      toast.success(`History shared with ${partnerName}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.pairKeys(pairId) });
    } catch (error) {
      toast.error('Could not share your history', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 border-t border-border pt-2" data-testid="share-history">
      <p className="text-sm">
        {partnerName} made new keys, so their devices cannot read your messages from before. If the numbers
        above match {partnerName}'s screen, share your history with their new keys.
      </p>
      <Button size="sm" onClick={() => void share()} pending={busy}>
        Share our history with {partnerName}
      </Button>
    </div>
  );
}
