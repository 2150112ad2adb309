import { Copy } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { KEYS_TEXT } from '@/shared/schemas/keys';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { ApiError, errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { E2eeError } from '@/web/lib/e2ee/primitives';
import { toast } from '@/web/lib/toast';
import { useKeepOnDevice, useMyKeys, useSetUpKeys } from '../api/keys';

const e2ee = () => import('@/web/lib/e2ee/keys');
const recovery = () => import('@/web/lib/e2ee/recovery');

/** What the server said of a field, else its message. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields?.[field] ?? error.message) : errorMessage(error);

/**
 * Setting up (decision 100): the password seals the new key (checked by the server, so that a mistyped one
 * cannot seal it), then the recovery key is shown once, as 24 words, until its owner says it is kept.
 * `replace`: new keys for an account that has lost its recovery key (decision 101): what was sealed before
 * stays unreadable here until the partner, having compared the new safety code, shares it again.
 */
export function SetUpKeysDialog({
  open,
  onClose,
  replace = false,
}: {
  open: boolean;
  onClose: () => void;
  replace?: boolean;
}) {
  const user = useCurrentUser();
  const setUp = useSetUpKeys();
  const keep = useKeepOnDevice();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [words, setWords] = useState<string[] | null>(null);
  const [kept, setKept] = useState(false);
  const keptId = useId();
  const close = () => {
    setPassword('');
    setError(undefined);
    setWords(null);
    setKept(false);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(KEYS_TEXT.passwordRequired);
    setBusy(true);
    setError(undefined);
    try {
      const [k, r] = await Promise.all([e2ee(), recovery()]);
      const { keys, pkcs8 } = await k.generateIdentity();
      const entropy = r.newRecoveryEntropy();
      const [passwordWrap, recoveryWrap] = await Promise.all([
        k.wrapWithPassword(pkcs8, password, user.id),
        k.wrapWithRecovery(pkcs8, entropy, user.id),
      ]);
      await setUp.mutateAsync({
        publicKey: keys.publicRaw,
        passwordWrap,
        recoveryWrap,
        password,
        ...(replace ? { replace: true } : {}),
      });
      await keep(user.id, keys);
      setPassword('');
      setWords(r.recoveryWords(entropy));
    } catch (e) {
      setError(fieldError(e, 'password'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={words ? 'Your recovery key' : replace ? 'Make new keys' : 'Set up encryption'}
      description={
        words
          ? 'These 24 words bring your keys back on a new device, or after a password reset. Pact shows them only this once and cannot show them again.'
          : replace
            ? 'Without your recovery key, your old keys cannot be opened. New keys make new messages readable at once; what was sealed before stays unreadable on your devices until your partner compares your new safety code and shares your history again.'
            : 'Enter your password: it seals your new key in this browser. Pact checks it, and keeps your key only sealed.'
      }
    >
      {words ? (
        <div className="space-y-4">
          <ol
            className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm sm:grid-cols-3"
            aria-label="Recovery key"
          >
            {words.map((word, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a word's place is what it is
              <li key={i} className="flex gap-2">
                <span className="w-[3ch] shrink-0 text-right whitespace-nowrap text-muted-foreground tabular-nums">
                  {i + 1}.
                </span>
                <span>{word}</span>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void navigator.clipboard.writeText(words.map((w, i) => `${i + 1}. ${w}`).join('\n')).then(
                () => toast.success('Recovery key copied'),
                () => toast.error('Could not copy the recovery key'),
              )
            }
          >
            <Copy className="h-4 w-4" aria-hidden /> Copy words
          </Button>
          <p className="flex items-start gap-2 text-sm">
            <input
              id={keptId}
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={kept}
              onChange={(e) => setKept(e.target.checked)}
            />
            <label htmlFor={keptId}>I have written down my recovery key and keep it somewhere safe.</label>
          </p>
          <div className="flex justify-end">
            <Button
              disabled={!kept}
              onClick={() => {
                toast.success(replace ? 'New keys made' : 'Encryption set up');
                close();
              }}
            >
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={submit}
          className="space-y-4"
          aria-label={replace ? 'Make new keys' : 'Set up encryption'}
          noValidate
        >
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormActions
            onCancel={close}
            busy={busy}
            label={replace ? 'Make new keys' : 'Continue'}
            busyLabel="Making your keys…"
          />
        </form>
      )}
    </Dialog>
  );
}

/** Unlocking on this device: by the password, or by the recovery key's 24 words. */
export function UnlockKeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const mine = useMyKeys();
  const keep = useKeepOnDevice();
  const [by, setBy] = useState<'password' | 'recovery'>('password');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const wordsId = useId();
  const close = () => {
    setSecret('');
    setError(undefined);
    setBy('password');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const stored = mine.data;
    if (!stored) return;
    if (!secret.trim()) {
      return setError(by === 'password' ? KEYS_TEXT.passwordRequired : 'Enter your 24 recovery words');
    }
    setBusy(true);
    setError(undefined);
    try {
      const k = await e2ee();
      const pkcs8 =
        by === 'password'
          ? await k.unwrapWithPassword(stored.passwordWrap, secret, user.id)
          : await k.unwrapWithRecovery(
              stored.recoveryWrap,
              (await recovery()).entropyFromWords(secret),
              user.id,
            );
      const identity = await k.identityFrom(pkcs8);
      if (identity.publicRaw !== stored.publicKey)
        throw new Error('These keys are not the ones of your account');
      await keep(user.id, identity);
      toast.success('Encryption unlocked on this device');
      close();
    } catch (e) {
      if (e instanceof E2eeError) {
        setError(
          by === 'password'
            ? 'This password does not open your key. If you changed it, use your recovery key.'
            : e.reason === 'malformed'
              ? 'Those are not 24 recovery words. Check each word and their order.'
              : 'This recovery key is not the one for your account.',
        );
      } else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title="Unlock encryption"
      description={
        by === 'password'
          ? 'Enter your password to open your key on this device.'
          : 'Enter the 24 words of your recovery key, in order.'
      }
    >
      <form onSubmit={submit} className="space-y-4" aria-label="Unlock encryption" noValidate>
        {by === 'password' ? (
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            value={secret}
            error={error}
            onChange={(e) => setSecret(e.target.value)}
          />
        ) : (
          <div className="space-y-1.5">
            <label htmlFor={wordsId} className="text-sm font-medium">
              Recovery key
            </label>
            <textarea
              id={wordsId}
              rows={4}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={secret}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${wordsId}-error` : undefined}
              onChange={(e) => setSecret(e.target.value)}
              className="w-full rounded-control border border-input bg-background px-3 py-2 font-mono text-sm"
            />
            {error ? (
              <p id={`${wordsId}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setBy(by === 'password' ? 'recovery' : 'password');
            setSecret('');
            setError(undefined);
          }}
        >
          {by === 'password' ? 'Use my recovery key instead' : 'Use my password instead'}
        </Button>
        <FormActions onCancel={close} busy={busy} label="Unlock" busyLabel="Unlocking…" />
      </form>
    </Dialog>
  );
}
