import { useState } from 'react';
import { FEEDBACK_MAX } from '@/shared/domain/tasks';
import { toast } from '@/web/lib/toast';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './form-controls';

/**
 * The dominant's feedback on something the submissive completed (a task, a history entry, a punishment):
 * an empty text is refused with the spec's toast; what a success or a failure says is the feature's.
 */
export function FeedbackDialog({
  target,
  onClose,
  submit,
  onSent,
  onFailed,
}: {
  target: { title: string } | null;
  onClose: () => void;
  submit: (feedback: string) => Promise<unknown>;
  onSent: () => void;
  onFailed: (error: unknown) => void;
}) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const close = () => {
    setText('');
    onClose();
  };
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      toast.error('Feedback Required', {
        description: 'Please enter your feedback before submitting.',
        duration: 3000,
      });
      return;
    }
    setPending(true);
    try {
      await submit(text.trim());
      onSent();
      close();
    } catch (error) {
      onFailed(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(o) => !o && close()}
      title="Give feedback"
      description={target?.title}
    >
      <form onSubmit={send} noValidate className="space-y-4" aria-label="Give feedback">
        <TextAreaField
          label="Feedback"
          value={text}
          rows={4}
          maxLength={FEEDBACK_MAX}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" pending={pending}>
            {pending ? 'Sending…' : 'Send feedback'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
