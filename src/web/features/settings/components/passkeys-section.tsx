import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PasskeyView } from '@/shared/schemas/passkeys';
import { PASSKEY_NAME_MAX, PASSKEY_TEXT } from '@/shared/texts/passkeys';
import { Button } from '@/web/components/ui/button';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Field } from '@/web/components/ui/field';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { format } from '@/web/lib/dates';
import { isPasskeyCancel, passkeysSupported } from '@/web/lib/passkey';
import { toast } from '@/web/lib/toast';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { SettingsSection } from './settings-section';

const day = (ms: number) => format(ms, 'MMM d, yyyy');
const labelOf = (p: PasskeyView) => p.name ?? 'Passkey';

/** Passkeys (decision 077): sign in with this device's screen lock instead of the password. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const supported = useHydrated() && passkeysSupported();
  return (
    <SettingsSection
      title="Passkeys"
      Icon={KeyRound}
      description="Sign in with your device's screen lock (fingerprint, face or PIN) instead of your password. The passkey stays on your device; Pact keeps only its public key."
    >
      {passkeys.isPending ? (
        <Loading label="Loading passkeys…">
          <Skeleton className="h-14 w-full rounded-control" />
        </Loading>
      ) : passkeys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load passkeys
        </p>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no passkey yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Passkeys">
          {passkeys.data.map((p) => (
            <PasskeyItem key={p.id} passkey={p} onRemove={() => setRemoving(p)} />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskey />
      ) : (
        <p className="text-xs text-muted-foreground">This browser cannot make passkeys.</p>
      )}
      <ConfirmAction
        item={removing}
        title="Remove this passkey?"
        action="Remove"
        pending={remove.isPending}
        act={(p) => remove.mutateAsync(p.id)}
        done="Passkey removed"
        failed="Failed to remove the passkey"
        onClose={() => setRemoving(null)}
      >
        {(p) => (
          <>
            “{labelOf(p)}” will no longer sign you in. Remove it from your device or password manager as well.
          </>
        )}
      </ConfirmAction>
    </SettingsSection>
  );
}

function PasskeyItem({ passkey, onRemove }: { passkey: PasskeyView; onRemove: () => void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(PASSKEY_TEXT.nameRequired);
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: () => {
          setEditing(false);
          setError(undefined);
          toast.success('Passkey renamed');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <li className="space-y-2 rounded-control border border-border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <KeyRound className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium break-words">{labelOf(passkey)}</p>
          <p className="text-xs text-muted-foreground">
            Added {day(passkey.createdAt)}
            {passkey.lastUsedAt ? ` · last used ${day(passkey.lastUsedAt)}` : ' · never used'}
            {passkey.backedUp ? ' · synced' : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={editing}
            aria-label={`Rename ${labelOf(passkey)}`}
            onClick={() => setEditing(!editing)}
          >
            Rename
          </Button>
          <Button variant="outline" size="sm" aria-label={`Remove ${labelOf(passkey)}`} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          onSubmit={save}
          className="flex flex-wrap items-end gap-2"
          aria-label={`Rename ${labelOf(passkey)}`}
        >
          <div className="min-w-0 flex-1">
            <Field
              label="New name"
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              error={error}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" pending={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

function AddPasskey() {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toast.success('Passkey added', {
          description: 'You can now sign in with it instead of your password.',
        });
      },
      onError: (error) => {
        if (isPasskeyCancel(error)) return;
        toast.error('Failed to add the passkey', { description: errorMessage(error) });
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Add a passkey">
      <div className="min-w-0 flex-1">
        <Field
          label="Name (optional)"
          placeholder="e.g. Phone"
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" pending={add.isPending}>
        {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
      </Button>
    </form>
  );
}
