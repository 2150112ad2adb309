import { FeedbackDialog as FeedbackForm } from '@/web/components/ui/feedback-dialog';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';

const sent = () => toast.success('Feedback Added', { description: 'Feedback added successfully' });

function failed(error: unknown) {
  toast.error('Failed to add feedback', {
    description:
      error instanceof ApiError && error.status === 404
        ? 'No task was updated. Task may not exist or you may not have permission to update it.'
        : error instanceof ApiError
          ? error.message
          : 'An unexpected error occurred',
  });
}

/** The dominant's feedback on a completed task or history entry, with the tasks' toasts (spec 2 §8). */
export function FeedbackDialog(props: {
  target: { title: string } | null;
  onClose: () => void;
  submit: (feedback: string) => Promise<unknown>;
}) {
  return <FeedbackForm {...props} onSent={sent} onFailed={failed} />;
}
