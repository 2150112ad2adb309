import { useState } from 'react';
import type { TaskViewer } from '@/shared/domain/tasks';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { emailCompletionFeedback, useAcknowledgeFeedback, useCompletionFeedback } from './api/tasks';
import { CompletionFeedback } from './components/completion-feedback';
import { FeedbackDialog } from './components/feedback-dialog';

/**
 * Feedback on history entries, wherever they are listed (/task-history, the History tab): the feedback
 * cell of an entry, and the one feedback dialog of the page.
 */
export function useHistoryFeedback(viewer: TaskViewer) {
  const feedback = useCompletionFeedback();
  const acknowledge = useAcknowledgeFeedback();
  const [target, setTarget] = useState<TaskCompletionView | null>(null);

  const ack = (entry: TaskCompletionView) =>
    acknowledge.mutate(entry.id, {
      onSuccess: () => toast.success('Feedback Acknowledged', { description: 'Feedback acknowledged' }),
      onError: (e) =>
        toast.error('Failed to acknowledge feedback', {
          description: e instanceof ApiError ? e.message : '',
        }),
    });

  return {
    cell: (entry: TaskCompletionView) => (
      <CompletionFeedback
        entry={entry}
        viewer={viewer}
        onFeedback={() => setTarget(entry)}
        onAcknowledge={() => ack(entry)}
        acknowledging={acknowledge.isPending}
        onEmailFeedback={() => emailCompletionFeedback(entry.id)}
      />
    ),
    dialog: (
      <FeedbackDialog
        target={target}
        onClose={() => setTarget(null)}
        submit={(text) => feedback.mutateAsync({ id: target!.id, feedback: text })}
      />
    ),
  };
}
