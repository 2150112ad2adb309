import { MailCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { useResendVerification } from '../api/resend-verification';

/** Shown after registration and when a login is refused as "Email not confirmed". */
export function VerificationNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendVerification();
  return (
    <Card role="region" aria-labelledby="verify-title" className="space-y-4 text-center">
      <MailCheck className="mx-auto h-10 w-10 text-primary" aria-hidden />
      <h2 id="verify-title" className="text-xl font-semibold">
        Check your email
      </h2>
      <p className="text-sm text-muted-foreground">
        Email verification required. We sent a confirmation link to{' '}
        <strong className="text-foreground">{email}</strong>. Open it to activate your account, then log in.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button
          variant="outline"
          pending={resend.isPending}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () =>
                toast.success('Email sent', { description: 'A new confirmation link is on its way.' }),
              onError: () => toast.error('Failed to send email'),
            })
          }
        >
          Resend email
        </Button>
        <Button onClick={onBack}>Back to login</Button>
      </div>
    </Card>
  );
}
