import {
  Check,
  CheckCircle2,
  ClipboardList,
  HeartHandshake,
  MessageSquare,
  Tags,
  Trash2,
  X,
} from 'lucide-react';
import { Link } from 'react-router';
import { touchesLabel } from '@/shared/domain/caps';
import { type PunishmentAbilities, SEVERITY_LABELS, type Severity } from '@/shared/domain/punishments';
import { paths, withQuery } from '@/shared/routes';
import type { PunishmentView } from '@/shared/schemas/punishments';
import { punishmentForText } from '@/shared/texts/infractions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmailFeedbackButton } from '@/web/components/ui/email-feedback-button';
import { LimitStateNote } from '@/web/components/ui/limit-state-note';
import { LimitTags } from '@/web/components/ui/limit-tag-picker';
import { DeleteProofButton, ProofGoneNote } from '@/web/components/ui/proof';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { cn } from '@/web/lib/cn';
import { formatMoment } from '@/web/lib/dates';
import { mediaUrl } from '@/web/lib/upload';
import { useBecame } from '@/web/lib/use-became';
import { PunishmentTimer } from './punishment-timer';

const SEVERITY_STYLES: Record<Severity, string> = {
  mild: 'border border-current bg-transparent text-success',
  moderate: 'border border-current bg-transparent text-warning',
  severe: 'border border-current bg-transparent text-destructive',
  funishment: 'border border-transparent',
};

/**
 * What the card says of aftercare (decision 054): required, then asked of both once completed, given once
 * both answered; closed when one dismissed it, which is never shown as a failure.
 */
const AFTERCARE_LABEL = {
  required: 'Aftercare required',
  asked: 'Aftercare asked',
  given: 'Aftercare given',
  closed: 'Aftercare check-in closed',
} as const;

export interface PunishmentCardActions {
  onToggleComplete: (completed: boolean) => void;
  onStartTimer: () => void;
  onFeedback: () => void;
  onEmailFeedback: () => Promise<unknown>;
  /** Limits (decision 056): the submissive answers a request; the dominant edits the tags or deletes it. */
  onAnswerRequest: (accept: boolean) => void;
  onEditTags: () => void;
  onDelete: () => void;
}

export function PunishmentCard({
  punishment: p,
  can,
  highlighted,
  busy,
  actions,
}: {
  punishment: PunishmentView;
  can: PunishmentAbilities;
  highlighted: boolean;
  busy: boolean;
  actions: PunishmentCardActions;
}) {
  const checkboxId = `punishment-done-${p.id}`;
  const justDone = useBecame(p.isCompleted);
  return (
    <article
      id={`punishment-${p.id}`}
      aria-labelledby={`punishment-title-${p.id}`}
      data-testid="punishment-card"
      className={cn(
        'flex flex-col gap-3 rounded-card border bg-card p-card shadow-sm transition',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3">
        {can.showCheckbox ? (
          // The label around the box makes a 44 px target of it.
          <label className="-mt-2.5 -ml-3 flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
            <input
              id={checkboxId}
              type="checkbox"
              className="h-5 w-5 accent-[var(--primary)]"
              checked={p.isCompleted}
              disabled={!can.checkboxEnabled || busy || (Boolean(p.limitState) && !p.isCompleted)}
              onChange={(e) => actions.onToggleComplete(e.target.checked)}
              aria-label={`Completed: ${p.title}`}
            />
          </label>
        ) : null}
        <div className="min-w-0 flex-1">
          <h2
            id={`punishment-title-${p.id}`}
            className={cn(
              'font-semibold wrap-anywhere',
              p.isCompleted && 'text-muted-foreground line-through',
            )}
          >
            {p.title}
          </h2>
          <p className="text-xs text-muted-foreground">
            {can.asDominant ? `For ${p.assignedToName}` : `From ${p.assignedByName}`}
          </p>
        </div>
        <Badge className={SEVERITY_STYLES[p.severity]}>{SEVERITY_LABELS[p.severity]}</Badge>
      </div>

      {p.infraction ? (
        // The infraction it answers (decision 066), on the Structure page of the pair's other partner.
        <Link
          data-testid="punishment-infraction"
          to={withQuery(paths.structure, {
            partner: can.asDominant ? p.submissiveId : p.dominantId,
            tab: 'infractions',
            highlight: p.infraction.id,
          })}
          className="-my-2 inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline wrap-anywhere"
        >
          <ClipboardList className="h-4 w-4 shrink-0" aria-hidden />
          {punishmentForText(
            p.infraction.ruleTitle,
            formatMoment(p.infraction.occurredAt),
            p.infraction.withdrawn,
          )}
        </Link>
      ) : null}

      <LimitStateNote state={p.limitState} submissive={can.asSubmissive} />

      {p.description ? (
        <p data-testid="punishment-description" className="text-sm whitespace-pre-wrap break-words">
          {p.description}
        </p>
      ) : null}
      {p.reason ? (
        <p className="text-sm wrap-anywhere">
          <span className="font-medium">Reason: </span>
          {p.reason}
        </p>
      ) : null}
      {p.notes ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere text-muted-foreground">{p.notes}</p>
      ) : null}
      {p.voiceNote ? (
        <div className="space-y-1">
          <VoicePlayer src={mediaUrl(p.voiceNote)} label={`Voice note for ${p.title}`} />
          {p.voiceNoteDescription ? (
            <p className="text-xs text-muted-foreground">{p.voiceNoteDescription}</p>
          ) : null}
          {/* Only the one who sent it deletes it early (decision 076). */}
          {can.asDominant ? <DeleteProofButton id={p.voiceNote} of={`the voice note of ${p.title}`} /> : null}
        </div>
      ) : p.voiceNoteGone ? (
        <ProofGoneNote gone={p.voiceNoteGone} />
      ) : null}

      {p.areas.length > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="punishment-areas">
          {touchesLabel(p.areas)}
        </p>
      ) : null}
      {p.aftercareRequired || p.aftercare ? (
        <p
          className="inline-flex items-center gap-1 text-xs font-medium text-primary"
          data-testid="punishment-aftercare"
        >
          <HeartHandshake className="h-4 w-4" aria-hidden /> {AFTERCARE_LABEL[p.aftercare ?? 'required']}
        </p>
      ) : null}

      <PunishmentTimer
        punishment={p}
        // The timer itself shows the button once its own clock says it may start (idle, or run out).
        onStart={can.asSubmissive && !p.isCompleted && !p.limitState ? actions.onStartTimer : undefined}
        starting={busy}
      />

      <LimitTags tags={p.limitTags} />

      {p.isCompleted ? (
        <p className="inline-flex items-center gap-1 text-xs text-success">
          <CheckCircle2 className={cn('h-4 w-4', justDone && 'motion-safe:animate-pop')} aria-hidden />
          Completed {p.completedAt ? formatMoment(p.completedAt) : ''}
        </p>
      ) : null}

      {p.feedback ? (
        <p className="rounded-control bg-muted p-2 text-sm wrap-anywhere">
          <MessageSquare className="mr-1 inline h-4 w-4" aria-hidden />
          <span className="sr-only">Feedback: </span>
          {p.feedback}
        </p>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2">
        {can.answerRequest ? (
          <>
            <Button size="sm" disabled={busy} onClick={() => actions.onAnswerRequest(true)}>
              <Check className="h-4 w-4" aria-hidden /> Accept
              <span className="sr-only"> {p.title}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => actions.onAnswerRequest(false)}
            >
              <X className="h-4 w-4" aria-hidden /> Decline
              <span className="sr-only"> {p.title}</span>
            </Button>
          </>
        ) : null}
        {can.editTags ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={actions.onEditTags}>
            <Tags className="h-4 w-4" aria-hidden /> Edit limits
            <span className="sr-only"> of {p.title}</span>
          </Button>
        ) : null}
        {can.delete ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={actions.onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
            <span className="sr-only"> {p.title}</span>
          </Button>
        ) : null}
        {can.complete && !can.asDominant ? (
          <Button size="sm" disabled={busy} onClick={() => actions.onToggleComplete(true)}>
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Mark complete
            <span className="sr-only"> {p.title}</span>
          </Button>
        ) : null}
        {can.giveFeedback && !p.feedback ? (
          <Button variant="secondary" size="sm" onClick={actions.onFeedback}>
            <MessageSquare className="h-4 w-4" aria-hidden /> Give feedback
            <span className="sr-only"> on {p.title}</span>
          </Button>
        ) : null}
        {can.emailFeedback ? <EmailFeedbackButton send={actions.onEmailFeedback} title={p.title} /> : null}
      </div>
    </article>
  );
}
