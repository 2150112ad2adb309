import { FeedbackDialog } from '@/web/components/ui/feedback-dialog';
import { toast } from '@/web/lib/toast';

const sent = () => toast.success('Feedback Added', { duration: 2000 });
const failed = () => toast.error('Failed to add feedback. Please try again.');

/** The dominant's feedback on a completed punishment, with the punishments' toasts (spec 2 §5, §8). */
export function PunishmentFeedbackDialog(props: {
  target: { title: string } | null;
  onClose: () => void;
  submit: (feedback: string) => Promise<unknown>;
}) {
  return <FeedbackDialog {...props} onSent={sent} onFailed={failed} />;
}
