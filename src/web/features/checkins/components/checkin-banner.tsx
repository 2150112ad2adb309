import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { Button } from '@/web/components/ui/button';
import { useCheckins } from '../api/checkins';
import { AnswerDialog } from './answer-dialog';

export const CHECKIN_BANNER_TEXT = {
  asked: (name: string) => `${name} asks you to check in.`,
  scheduled: (name: string) => `Time to check in with ${name}.`,
  waiting: (name: string) =>
    `Waiting for your partner to check in (${name}). Nothing new can be asked until they do.`,
  answer: 'Check in',
  history: 'Check-ins',
} as const;

/**
 * The open check-ins on every signed-in page, under Red's banner (decision 052): one that is the user's
 * to answer, with "Check in"; a Yellow they asked, with who they wait for. A partner's scheduled one is not
 * shown: nobody is shown waiting on it.
 */
export function CheckinBanner({ user }: { user: CurrentUser }) {
  const checkins = useCheckins().data?.checkins ?? [];
  const [answering, setAnswering] = useState<{ id: string; name: string } | null>(null);
  const nameOf = (id: string) => user.partners.find((p) => p.id === id)?.name ?? 'Your partner';
  const mine = checkins.filter((c) => c.forMe);
  const waiting = checkins.filter((c) => c.askedByMe);
  return (
    <div role="status" aria-live="polite">
      {mine.length + waiting.length > 0 ? (
        <section
          aria-label="Check-ins"
          data-testid="checkin-banner"
          className="mx-auto mt-3 w-full max-w-5xl px-4"
        >
          <div className="flex flex-col gap-3 rounded-card border-2 border-amber-400 bg-card p-card text-sm text-foreground">
            {mine.map((c) => (
              <div key={c.id} className="flex flex-wrap items-center gap-3" data-testid="checkin-ask">
                <CircleAlert className="h-5 w-5 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
                <p className="min-w-0 flex-1 font-medium">
                  {c.kind === 'yellow'
                    ? CHECKIN_BANNER_TEXT.asked(nameOf(c.partnerId))
                    : CHECKIN_BANNER_TEXT.scheduled(nameOf(c.partnerId))}
                </p>
                <Button size="sm" onClick={() => setAnswering({ id: c.id, name: nameOf(c.partnerId) })}>
                  {CHECKIN_BANNER_TEXT.answer}
                </Button>
              </div>
            ))}
            {waiting.map((c) => (
              <p
                key={c.id}
                className="flex flex-wrap items-center gap-3 font-medium"
                data-testid="checkin-waiting"
              >
                <CircleAlert className="h-5 w-5 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
                <span className="min-w-0 flex-1">{CHECKIN_BANNER_TEXT.waiting(nameOf(c.partnerId))}</span>
                <Link
                  to={paths.checkIns}
                  className="inline-flex min-h-11 items-center font-normal text-primary underline-offset-4 hover:underline"
                >
                  {CHECKIN_BANNER_TEXT.history}
                </Link>
              </p>
            ))}
          </div>
        </section>
      ) : null}
      <AnswerDialog
        checkinId={answering?.id ?? null}
        partnerName={answering?.name ?? ''}
        onClose={() => setAnswering(null)}
      />
    </div>
  );
}
