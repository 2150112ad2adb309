import { completionAbilities, type TaskViewer } from '@/shared/domain/tasks';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmailFeedbackButton } from '@/web/components/ui/email-feedback-button';

/**
 * A history entry's feedback: its text; "Add feedback" for the pair's dominant while there is none;
 * "Acknowledge" for the submissive on Above & Beyond feedback, and "Acknowledged" once they have.
 */
export function CompletionFeedback({
  entry,
  viewer,
  onFeedback,
  onAcknowledge,
  acknowledging,
  onEmailFeedback,
}: {
  entry: TaskCompletionView;
  viewer: TaskViewer;
  onFeedback: () => void;
  onAcknowledge: () => void;
  acknowledging: boolean;
  /** The dominant mails the feedback to the submissive (spec 2 §7). */
  onEmailFeedback: () => Promise<unknown>;
}) {
  const can = completionAbilities(entry, viewer);
  const offerFeedback = !entry.feedback && can.giveFeedback;
  return (
    <div className="space-y-1 text-sm">
      {entry.feedback ? <p className="wrap-anywhere">{entry.feedback}</p> : null}
      {offerFeedback ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={onFeedback}
          aria-label={`Add feedback on ${entry.title}`}
        >
          Add feedback
        </Button>
      ) : null}
      {entry.feedback && can.giveFeedback ? (
        <EmailFeedbackButton send={onEmailFeedback} title={entry.title} />
      ) : null}
      {entry.feedback && entry.taskType === 'above_and_beyond' && entry.feedbackAcknowledged ? (
        <Badge>Acknowledged</Badge>
      ) : null}
      {can.acknowledge ? (
        <Button
          size="sm"
          disabled={acknowledging}
          onClick={onAcknowledge}
          aria-label={`Acknowledge feedback on ${entry.title}`}
        >
          Acknowledge
        </Button>
      ) : null}
      {!entry.feedback && !offerFeedback ? <span className="text-muted-foreground">—</span> : null}
    </div>
  );
}
