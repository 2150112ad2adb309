import { Mail } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { Button } from './button';

/**
 * Spec 2 §7 send-feedback-email: the dominant sends feedback already given to the submissive by mail
 * ('Email sent' / 'Failed to send email'). `send` asks the server, which mails the stored text.
 */
export function EmailFeedbackButton({ send, title }: { send: () => Promise<unknown>; title: string }) {
  const [pending, setPending] = useState(false);
  const click = async () => {
    setPending(true);
    try {
      await send();
      toast.success('Email sent', { duration: 2000 });
    } catch (error) {
      toast.error('Failed to send email', { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" size="sm" pending={pending} onClick={click}>
      <Mail className="h-4 w-4" aria-hidden /> {pending ? 'Sending…' : 'Email feedback'}
      <span className="sr-only"> on {title}</span>
    </Button>
  );
}
