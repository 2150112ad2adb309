import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useEffect, useId, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/routes';
import type { AppLockView } from '@/shared/schemas/app-lock';
import { APP_LOCK_TEXT, isValidPin, LOCKED_TITLE, PIN_MAX_LENGTH } from '@/shared/texts/app-lock';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { useLogoutAction } from '@/web/features/accounts/api/logout';
import { RedButton } from '@/web/features/stops/components/red-button';
import { ApiError, api, errorMessage, unwrap } from '@/web/lib/api';
import { forgetDeviceSecret, localLock, proofForPin } from '@/web/lib/app-lock';
import { confirmWithPasskey, passkeysSupported } from '@/web/lib/passkey';
import { queryKeys } from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';

/**
 * Unlocking with a passkey (decision 077): the authenticator and the server confirm it is the account's
 * owner, which lifts the session's lock; then this device's lock is read again. Throws when refused or
 * cancelled. Offered when the account has a passkey and the browser can use one.
 */
export type UnlockWithPasskey = () => Promise<AppLockView>;
export const unlockWithPasskey: UnlockWithPasskey = async () => {
  if (!(await confirmWithPasskey())) throw new Error(APP_LOCK_TEXT.passkeyRefused);
  return unwrap(api.api.me.lock.$get());
};

/** The title the tab had before the lock: given back when it lifts. */
let titleBefore: string | null = null;

/**
 * The lock screen (decision 078): the only thing a locked page renders. No name, no partner, nothing of
 * the app's content; the PIN, the way out (sign out, then sign in with the password: forgetting the PIN
 * costs no more), and Red, which is never behind a PIN.
 */
export function LockScreen({ passkey = unlockWithPasskey }: { passkey?: UnlockWithPasskey | undefined }) {
  const queryClient = useQueryClient();
  const lock = useQuery({ queryKey: queryKeys.appLock, queryFn: () => unwrap(api.api.me.lock.$get()) });
  // Known only in the browser: the server-drawn lock screen offers the PIN alone.
  const [canPasskey, setCanPasskey] = useState(false);
  useEffect(() => setCanPasskey(passkeysSupported()), []);
  const offerPasskey = passkey !== undefined && canPasskey && lock.data?.passkey === true;
  const navigate = useNavigate();
  const signOut = useLogoutAction();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  useLayoutEffect(() => {
    titleBefore ??= document.title;
    document.title = LOCKED_TITLE;
    return () => {
      document.title = titleBefore ?? 'Pact';
      titleBefore = null;
    };
  }, []);

  const unlocked = async (view: AppLockView) => {
    queryClient.setQueryData(queryKeys.appLock, view);
    localLock.set(false);
    // What was refused while locked, or changed meanwhile, is read again.
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.appLock[0] });
  };

  const signedOut = () => {
    forgetDeviceSecret();
    queryClient.clear();
    queryClient.setQueryData(queryKeys.me, null);
    localLock.set(false);
    toast.error(APP_LOCK_TEXT.signedOut);
    navigate(paths.auth, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPin(pin)) {
      setError(APP_LOCK_TEXT.pinRule);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const proof = await proofForPin(pin);
      if (!proof) {
        setError(APP_LOCK_TEXT.noSecret);
        return;
      }
      await unlocked(await unwrap(api.api.me.lock.unlock.$post({ json: { proof } })));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'LOCK_SIGNED_OUT') return signedOut();
      if (failure instanceof ApiError && failure.code === 'NETWORK') setError(APP_LOCK_TEXT.offline);
      else setError(errorMessage(failure));
    } finally {
      setPin('');
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    if (!passkey) return;
    setBusy(true);
    setError(null);
    try {
      await unlocked(await passkey());
    } catch (failure) {
      setError(errorMessage(failure, APP_LOCK_TEXT.passkeyRefused));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main
      data-testid="lock-screen"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 px-4 py-8 text-center"
    >
      <div className="flex w-full max-w-sm justify-end">
        <RedButton />
      </div>
      <LockKeyhole className="h-10 w-10 text-muted-foreground" aria-hidden />
      <h1 tabIndex={-1} className="text-xl font-semibold">
        {LOCKED_TITLE}
      </h1>
      <p className="max-w-sm text-muted-foreground">{APP_LOCK_TEXT.locked}</p>
      <form onSubmit={submit} noValidate className="w-full max-w-xs space-y-3" aria-label="Unlock">
        <label htmlFor={inputId} className="block text-left text-sm font-medium">
          PIN
        </label>
        <Input
          id={inputId}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_MAX_LENGTH}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
        {error ? (
          <p id={errorId} role="alert" className="text-left text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Checking…' : 'Unlock'}
        </Button>
        {offerPasskey ? (
          <Button variant="outline" className="w-full" onClick={withPasskey} disabled={busy}>
            Unlock with a passkey
          </Button>
        ) : null}
      </form>
      <div className="max-w-xs space-y-2">
        <p className="text-sm text-muted-foreground">{APP_LOCK_TEXT.forgot}</p>
        <Button
          variant="outline"
          pending={signOut.pending}
          onClick={() => {
            forgetDeviceSecret();
            localLock.set(false);
            signOut.run();
          }}
        >
          Sign out
        </Button>
      </div>
    </main>
  );
}
