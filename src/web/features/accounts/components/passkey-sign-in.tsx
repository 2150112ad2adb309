import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { errorMessage } from '@/web/lib/api';
import { isPasskeyCancel, passkeysSupported, usePasskeySignIn } from '@/web/lib/passkey';
import { toast } from '@/web/lib/toast';
import { useHydrated } from '@/web/lib/use-hydrated';

/**
 * "Sign in with a passkey" (decision 077), beside the password: shown only once the page runs in a
 * browser that has WebAuthn (a progressive addition; the password form works without it).
 */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const signIn = usePasskeySignIn();
  const [failure, setFailure] = useState<string | null>(null);
  if (!hydrated || !passkeysSupported()) return null;
  const start = () => {
    setFailure(null);
    signIn.mutate(undefined, {
      onSuccess: (user) => {
        if (user) toast.success('Welcome back', { description: `Signed in as ${user.displayName}` });
        navigate(paths.dashboard, { replace: true });
      },
      onError: (error) => {
        if (!isPasskeyCancel(error)) setFailure(errorMessage(error));
      },
    });
  };
  return (
    <div className="mt-4 space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <FormAlert>{failure}</FormAlert>
      <Button variant="outline" className="w-full" onClick={start} pending={signIn.isPending}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
