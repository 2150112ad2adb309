import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  APP_LOCK_TEXT,
  DEFAULT_LOCK_IDLE,
  isValidPin,
  LOCK_IDLE_CHOICES,
  type LockIdleMinutes,
} from '@/shared/texts/app-lock';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { SelectField } from '@/web/components/ui/form-controls';
import { errorMessage } from '@/web/lib/api';
import { coverSetting, useAppLock } from '@/web/lib/app-lock';
import { toast } from '@/web/lib/toast';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useLockWrites } from '../api/app-lock';
import { SettingsSection } from './settings-section';

interface PinForm {
  pin: string;
  confirm: string;
}
const EMPTY: PinForm = { pin: '', confirm: '' };

/**
 * App lock (decisions 078, 079): this device's PIN (set, changed, removed), the idle time after which it
 * locks, and the cover shown when Pact is hidden. The PIN never leaves the device: a proof made with a
 * secret kept in this browser does.
 */
export function AppLockSection() {
  const lock = useAppLock();
  const writes = useLockWrites();
  const pinSet = lock.data?.pinSet ?? false;
  const idle = lock.data?.idleMinutes ?? DEFAULT_LOCK_IDLE;
  const [chosenIdle, setChosenIdle] = useState<LockIdleMinutes | null>(null);
  const form = useForm<PinForm>({ defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ pin }) => {
    try {
      await writes.setPin.mutateAsync({ pin, idleMinutes: chosenIdle ?? idle });
      toast.success(pinSet ? 'PIN changed' : 'PIN set', {
        description: 'Pact locks on this device when it is idle or sent to the background.',
      });
      form.reset(EMPTY);
    } catch (error) {
      toast.error('Could not save the PIN', { description: errorMessage(error) });
    }
  });

  const changeIdle = (value: LockIdleMinutes) => {
    setChosenIdle(value);
    if (!pinSet) return;
    writes.setIdle.mutate(value, {
      onError: (error) => toast.error('Could not change the idle time', { description: errorMessage(error) }),
    });
  };

  const removePin = () =>
    writes.remove.mutate(undefined, {
      onSuccess: () => toast.success('PIN removed', { description: 'Pact no longer locks on this device.' }),
      onError: (error) => toast.error('Could not remove the PIN', { description: errorMessage(error) }),
    });

  return (
    <SettingsSection
      title="App lock"
      Icon={LockKeyhole}
      description="A PIN for this device only. Pact locks after the idle time you choose and whenever it comes back from the background. Five wrong PINs sign this device out; if you forget it, sign in again with your password."
    >
      <p className="text-sm" data-testid="app-lock-state">
        {lock.isPending ? 'Checking…' : pinSet ? 'A PIN is set on this device.' : 'No PIN on this device.'}
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={pinSet ? 'Change PIN' : 'Set a PIN'}
      >
        <Field
          label={pinSet ? 'New PIN' : 'PIN'}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          hint={APP_LOCK_TEXT.pinRule}
          error={errors.pin?.message}
          {...form.register('pin', { validate: (v) => isValidPin(v) || APP_LOCK_TEXT.pinRule })}
        />
        <Field
          label="Enter the PIN again"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          error={errors.confirm?.message}
          {...form.register('confirm', {
            validate: (v, all) => v === all.pin || APP_LOCK_TEXT.pinMismatch,
          })}
        />
        <SelectField
          label="Lock after being idle for"
          value={String(chosenIdle ?? idle)}
          onChange={(event) => changeIdle(Number(event.target.value) as LockIdleMinutes)}
        >
          {LOCK_IDLE_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} {minutes === 1 ? 'minute' : 'minutes'}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" pending={writes.setPin.isPending}>
            {writes.setPin.isPending ? 'Saving…' : pinSet ? 'Change PIN' : 'Set PIN'}
          </Button>
          {pinSet ? (
            <Button variant="outline" onClick={removePin} pending={writes.remove.isPending}>
              Remove PIN
            </Button>
          ) : null}
        </div>
      </form>
      <CoverSwitch />
    </SettingsSection>
  );
}

/** "Cover the screen when Pact is hidden": on by default, kept on this device (decision 079). */
function CoverSwitch() {
  const hydrated = useHydrated();
  const [on, setOn] = useState<boolean | null>(null);
  const checked = on ?? (hydrated ? coverSetting.isOn() : true);
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        className="h-5 w-5 accent-primary"
        checked={checked}
        onChange={(event) => {
          coverSetting.set(event.target.checked);
          setOn(event.target.checked);
        }}
      />
      <span>
        Cover the screen when Pact is hidden
        <span className="block text-xs text-muted-foreground">
          The app switcher then shows a blank card instead of this page. Kept on this device only.
        </span>
      </span>
    </label>
  );
}
