import { useState } from 'react';
import { toast } from 'sonner';
import { FEEDBACK_MAX } from '@/shared/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { TextAreaField } from '@/web/components/ui/form-controls';

/** The dominant's feedback on a completed punishment (spec 2 §5, §8). */
export function PunishmentFeedbackDialog({
  target,
  onClose,
  submit,
}: {
  target: { title: string } | null;
  onClose: () => void;
  submit: (feedback: string) => Promise<unknown>;
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
      toast.success('Feedback Added', { duration: 2000 });
      close();
    } catch {
      toast.error('Failed to add feedback. Please try again.');
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
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : 'Send feedback'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
