import {
  Award,
  Camera,
  Check,
  CheckCircle2,
  Image as ImageIcon,
  MessageSquare,
  Paperclip,
  Pencil,
  Repeat,
  Trash2,
  X,
} from 'lucide-react';

import { touchesLabel } from '@/shared/domain/caps';
import { dueStatus } from '@/shared/domain/tasks';
import type { TaskView } from '@/shared/schemas/tasks';
import { taskAwardBadge } from '@/shared/texts/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmailFeedbackButton } from '@/web/components/ui/email-feedback-button';
import { LimitStateNote } from '@/web/components/ui/limit-state-note';
import { LimitTags } from '@/web/components/ui/limit-tag-picker';
import { DeleteProofButton, ProofGoneNote } from '@/web/components/ui/proof';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { cn } from '@/web/lib/cn';
import { useCurrentUser } from '@/web/lib/current-user';
import { useStoppedSince } from '@/web/lib/stops';
import { mediaUrl } from '@/web/lib/upload';
import { useBecame } from '@/web/lib/use-became';
import { formatDue, formatDueFrom, repeatLabel } from './task-labels';
import { TimingBadge } from './timing-badge';

const DUE_STYLES = {
  'past-due': { label: 'Past due', className: 'text-destructive' },
  'due-today': { label: 'Due today', className: 'text-warning' },
  upcoming: { label: 'Due', className: 'text-success' },
  // Red holds the pair's time (decision 049): nothing falling due now is late; the lift moves it on.
  'on-hold': { label: 'On hold (Red), due', className: 'text-muted-foreground' },
} as const;

/** A request or a paused task is inert (decision 056): it shows that, never a due colour. */
const LIMIT_STYLES = {
  requested: { label: 'Request · would be due', className: 'text-muted-foreground' },
  paused: { label: 'Paused · was due', className: 'text-muted-foreground' },
} as const;

export interface TaskCardActions {
  onComplete?: () => void;
  /** The submissive's way to add photo or voice proof. */
  onCompleteWithProof?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onFeedback?: () => void;
  onViewPhoto?: () => void;
  /** The dominant mails the feedback given to the submissive. */
  onEmailFeedback?: () => Promise<unknown>;
  /** The submissive answers a request (decision 056). */
  onAccept?: () => void;
  onDecline?: () => void;
}

export function TaskCard({
  task,
  now,
  timeZone,
  highlighted,
  busy,
  actions,
}: {
  task: TaskView;
  now: number;
  timeZone: string;
  highlighted: boolean;
  busy: boolean;
  actions: TaskCardActions;
}) {
  const user = useCurrentUser();
  const stoppedSince = useStoppedSince()(task.pairId);
  const due = task.limitState
    ? LIMIT_STYLES[task.limitState]
    : DUE_STYLES[dueStatus(task.dueDate, now, timeZone, task.isCompleted ? null : stoppedSince)];
  const repeat = repeatLabel(task.repeatConfig);
  const nextCycle = task.isCompleted && task.repeatConfig !== null;
  const justDone = useBecame(task.isCompleted);
  return (
    <article
      id={`task-${task.id}`}
      aria-labelledby={`task-title-${task.id}`}
      data-testid="task-card"
      className={cn(
        'group relative flex flex-col gap-3 rounded-card border bg-card p-card shadow-sm transition',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2
            id={`task-title-${task.id}`}
            className={cn('font-semibold wrap-anywhere', task.isCompleted && !nextCycle && 'line-through')}
          >
            {task.title}
            {nextCycle ? (
              <span className="ml-1 text-sm font-normal text-muted-foreground">(Next cycle)</span>
            ) : null}
          </h2>
          <p className="text-xs text-muted-foreground">
            {task.taskType === 'above_and_beyond'
              ? `Above & Beyond by ${task.assignedToName}`
              : // The submissive reads who gave the task; the dominant, whom it is for.
                task.assignedTo === user.id
                ? `From ${task.assignedByName}`
                : `For ${task.assignedToName}`}
          </p>
        </div>
        {actions.onEdit || actions.onDelete ? (
          <div className="flex gap-1 transition sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            {actions.onEdit ? (
              <Button
                variant="ghost"
                size="icon"
                className="h-9 w-9"
                aria-label={`Edit ${task.title}`}
                onClick={actions.onEdit}
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
            {actions.onDelete ? (
              <Button
                variant="ghost"
                size="icon"
                className="h-9 w-9"
                aria-label={`Delete ${task.title}`}
                onClick={actions.onDelete}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      <LimitStateNote state={task.limitState} submissive={task.assignedTo === user.id} />

      {task.description ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">{task.description}</p>
      ) : null}
      {task.voiceNote ? (
        <div className="space-y-1">
          <VoicePlayer src={mediaUrl(task.voiceNote)} label={`Voice note for ${task.title}`} />
          {task.voiceNoteDescription ? (
            <p className="text-xs text-muted-foreground">{task.voiceNoteDescription}</p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-2 text-xs">
        {task.taskType === 'assigned' ? (
          <span className={cn('font-medium', due.className)}>
            {due.label} {formatDueFrom(task.dueDate, task.timeZone)}
          </span>
        ) : null}
        {repeat ? (
          <Badge>
            <Repeat className="mr-1 h-3 w-3" aria-hidden />
            {repeat}
          </Badge>
        ) : null}
        {task.photoProofRequired && task.taskType === 'assigned' ? (
          <Badge>
            <Camera className="mr-1 h-3 w-3" aria-hidden />
            Photo proof required
          </Badge>
        ) : null}
        {task.awardPoints > 0 ? (
          <Badge data-testid="task-award">
            <Award className="mr-1 h-3 w-3" aria-hidden />
            {taskAwardBadge(task.awardPoints)}
            <span className="sr-only"> for completing</span>
          </Badge>
        ) : null}
        {task.areas.length > 0 ? <Badge data-testid="task-areas">{touchesLabel(task.areas)}</Badge> : null}
      </div>

      <LimitTags tags={task.limitTags} />

      {task.isCompleted ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 className={cn('h-4 w-4', justDone && 'motion-safe:animate-pop')} aria-hidden />
            Completed {task.completedAt ? formatDue(task.completedAt) : ''}
            {task.completedByName && task.completedBy !== task.assignedTo
              ? ` by ${task.completedByName}`
              : ''}
          </span>
          <TimingBadge onTime={task.onTime} latenessSeconds={task.latenessSeconds} />
        </div>
      ) : null}
      {task.photoProofGone ? <ProofGoneNote gone={task.photoProofGone} /> : null}
      {task.voiceProofGone ? <ProofGoneNote gone={task.voiceProofGone} /> : null}

      {task.feedback ? (
        <p className="rounded-control bg-muted p-2 text-sm">
          <MessageSquare className="mr-1 inline h-4 w-4" aria-hidden />
          <span className="sr-only">Feedback: </span>
          {task.feedback}
        </p>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2">
        {actions.onAccept ? (
          <Button size="sm" disabled={busy} onClick={actions.onAccept}>
            <Check className="h-4 w-4" aria-hidden /> Accept
            <span className="sr-only"> {task.title}</span>
          </Button>
        ) : null}
        {actions.onDecline ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={actions.onDecline}>
            <X className="h-4 w-4" aria-hidden /> Decline
            <span className="sr-only"> {task.title}</span>
          </Button>
        ) : null}
        {task.photoProof && actions.onViewPhoto ? (
          <Button variant="outline" size="sm" onClick={actions.onViewPhoto}>
            <ImageIcon className="h-4 w-4" aria-hidden /> View photo
          </Button>
        ) : null}
        {/* Only the one who sent a proof deletes it early (decision 076). */}
        {task.photoProof && task.completedBy === user.id ? (
          <DeleteProofButton id={task.photoProof} of={`the photo of ${task.title}`} />
        ) : null}
        {actions.onComplete ? (
          <Button size="sm" disabled={busy} onClick={actions.onComplete}>
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Complete
            <span className="sr-only"> {task.title}</span>
          </Button>
        ) : null}
        {actions.onCompleteWithProof ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={actions.onCompleteWithProof}>
            <Paperclip className="h-4 w-4" aria-hidden /> With proof
            <span className="sr-only"> (complete {task.title} with photo or voice proof)</span>
          </Button>
        ) : null}
        {actions.onFeedback ? (
          <Button variant="secondary" size="sm" onClick={actions.onFeedback}>
            <MessageSquare className="h-4 w-4" aria-hidden /> Give feedback
            <span className="sr-only"> on {task.title}</span>
          </Button>
        ) : null}
        {actions.onEmailFeedback ? (
          <EmailFeedbackButton send={actions.onEmailFeedback} title={task.title} />
        ) : null}
      </div>
    </article>
  );
}
