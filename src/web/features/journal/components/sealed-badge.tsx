import { LockKeyhole, LockKeyholeOpen } from 'lucide-react';
import { Link } from 'react-router';
import { usePairSealing } from '@/web/lib/e2ee/sealing';

const SET_UP = '/settings#encryption';

/**
 * Beside a conversation's heading, whether its messages are sealed end to end (decision 101), and when they
 * are not, what would make them so: this account's keys set up or unlocked here, or the partner's set up.
 * On a phone it is the lock alone on the heading's line, named for a screen reader (every line is one less
 * for the conversation); the sentence and its link from 640 px.
 */
export function SealedBadge({ partnerId, partnerName }: { partnerId: string; partnerName: string }) {
  const sealing = usePairSealing(partnerId).data;
  if (!sealing || sealing.state === 'locked' || (sealing.state === 'plain' && sealing.missing === 'pair')) {
    return null;
  }
  const sealed = sealing.state === 'ready';
  const Icon = sealed ? LockKeyhole : LockKeyholeOpen;
  return (
    <p
      className="inline-flex items-center gap-1 text-xs text-muted-foreground"
      data-testid="sealed-badge"
      data-state={sealed ? 'sealed' : sealing.missing}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="sr-only sm:hidden">
        {sealed ? 'End-to-end encrypted' : 'Not end-to-end encrypted'}
      </span>
      <span className="hidden sm:inline">
        {sealed ? (
          'End-to-end encrypted'
        ) : sealing.missing === 'partner' ? (
          `Not end-to-end encrypted until ${partnerName} sets up encryption`
        ) : (
          <>
            Not end-to-end encrypted ·{' '}
            <Link to={SET_UP} className="font-medium text-primary underline underline-offset-4">
              {sealing.missing === 'me' ? 'Set up encryption' : 'Unlock on this device'}
            </Link>
          </>
        )}
      </span>
    </p>
  );
}
