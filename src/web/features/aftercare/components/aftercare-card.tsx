import { HeartHandshake } from 'lucide-react';
import { useId, useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { AftercareView } from '@/shared/schemas/aftercare';
import { AFTERCARE_NOTE_MAX, AFTERCARE_TEXT } from '@/shared/texts/aftercare';
import { Button } from '@/web/components/ui/button';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { errorMessage } from '@/web/lib/api';
import { focusPageHeading } from '@/web/lib/focus';
import { toast } from '@/web/lib/toast';
import { useAftercare, useRespondToAftercare } from '../api/aftercare';

export const AFTERCARE_CARD_TEXT = {
  title: 'Aftercare',
  afterPunishment: (title: string) => `After the punishment “${title}”.`,
  afterPunishmentGone: 'After a punishment.',
  afterRed: 'Red was lifted.',
  theirNote: (name: string) => `${name} answered:`,
  theyAnswered: (name: string) => `${name} has answered.`,
  send: 'Send',
  sending: 'Sending…',
  dismiss: 'Dismiss',
  sent: 'Answer sent',
  failed: "Couldn't reach Pact. Your text is kept; try again.",
} as const;

/**
 * Open aftercare (decisions 049, 054), under the top bar of every signed-in page, for each ask the user has
 * yet to answer: "How are you? What do you need?" with an optional note, or Dismiss, which costs nothing
 * and is never shown as a failure. What the partner answered is shown once they have (a dismissal is not).
 */
export function AftercareCards({ user }: { user: CurrentUser }) {
  const open = useAftercare().data?.aftercare ?? [];
  if (open.length === 0) return null;
  const nameOf = (id: string) => user.partners.find((p) => p.id === id)?.name ?? 'Your partner';
  return (
    <div className="mx-auto mt-3 flex w-full max-w-5xl flex-col gap-3 px-4">
      {open.map((ask) => (
        <AftercareCard key={ask.id} ask={ask} partnerName={nameOf(ask.partnerId)} />
      ))}
    </div>
  );
}

function occasionOf(ask: AftercareView) {
  if (ask.occasion === 'red_lift') return AFTERCARE_CARD_TEXT.afterRed;
  return ask.punishmentTitle
    ? AFTERCARE_CARD_TEXT.afterPunishment(ask.punishmentTitle)
    : AFTERCARE_CARD_TEXT.afterPunishmentGone;
}

function AftercareCard({ ask, partnerName }: { ask: AftercareView; partnerName: string }) {
  const heading = useId();
  const [note, setNote] = useState('');
  const respond = useRespondToAftercare();
  // Awaited rather than given callbacks: the answer removes this card, and a removed card's callbacks
  // would never run.
  const send = async (dismiss: boolean) => {
    try {
      await respond.mutateAsync(
        dismiss ? { id: ask.id, dismiss } : { id: ask.id, dismiss, note: note.trim() },
      );
    } catch (error) {
      toast.error(errorMessage(error, AFTERCARE_CARD_TEXT.failed));
      return;
    }
    if (!dismiss) toast.success(AFTERCARE_CARD_TEXT.sent);
    // The card is gone: focus goes to the page's heading, never to nothing.
    focusPageHeading();
  };
  return (
    <section
      aria-labelledby={heading}
      data-testid="aftercare-card"
      className="rounded-card border-2 border-primary bg-card p-card text-sm text-foreground"
    >
      <h2 id={heading} className="flex items-center gap-2 text-base font-semibold">
        <HeartHandshake className="h-5 w-5 shrink-0 text-primary" aria-hidden />
        {AFTERCARE_CARD_TEXT.title}
      </h2>
      <p className="mt-1 text-muted-foreground">{occasionOf(ask)}</p>
      {ask.theirs.state === 'answered' ? (
        <div className="mt-3 rounded-control bg-muted p-3" data-testid="aftercare-partner-answer">
          {ask.theirs.note ? (
            <>
              <p className="font-medium">{AFTERCARE_CARD_TEXT.theirNote(partnerName)}</p>
              <p className="mt-1 whitespace-pre-wrap break-words">{ask.theirs.note}</p>
            </>
          ) : (
            <p className="font-medium">{AFTERCARE_CARD_TEXT.theyAnswered(partnerName)}</p>
          )}
        </div>
      ) : null}
      <form
        className="mt-3 space-y-3"
        aria-labelledby={heading}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        <TextAreaField
          label={AFTERCARE_TEXT.question}
          hint="Optional"
          value={note}
          rows={2}
          maxLength={AFTERCARE_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={respond.isPending}>
            {respond.isPending ? AFTERCARE_CARD_TEXT.sending : AFTERCARE_CARD_TEXT.send}
          </Button>
          <Button type="button" variant="ghost" pending={respond.isPending} onClick={() => void send(true)}>
            {AFTERCARE_CARD_TEXT.dismiss}
          </Button>
        </div>
      </form>
    </section>
  );
}
