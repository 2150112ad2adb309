import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  useEnablePush,
  usePushDevice,
  usePushPreferences,
  useTestPush,
  useTurnOffPush,
} from '../hooks/use-push';
import { PreferencesForm } from './preferences-form';
import { PushStatus } from './push-status';

/**
 * The settings page's push panel (spec 2 §2): this device's status with "Enable Notifications" or "Turn
 * off on this device", "Send a test notification", and the user's preferences (details, quiet hours),
 * which hold for every device.
 */
export function PushPanel() {
  const device = usePushDevice();
  const preferences = usePushPreferences();
  const enable = useEnablePush();
  const turnOff = useTurnOffPush();
  const test = useTestPush();
  const state = device.data;
  return (
    <section
      aria-labelledby="push-panel-title"
      data-testid="push-panel"
      className="border-t border-border pt-5"
    >
      <h3 id="push-panel-title" className="font-semibold">
        Push notifications
      </h3>
      <div className="mt-2 space-y-3">
        {state ? <PushStatus device={state} /> : <Skeleton className="h-5 w-48" />}
        <div className="flex flex-wrap gap-2">
          {state?.supported && !state.enabled && state.permission !== 'denied' ? (
            <Button onClick={enable.enable} pending={enable.pending}>
              Enable Notifications
            </Button>
          ) : null}
          {state?.enabled ? (
            <Button variant="outline" onClick={() => turnOff.mutate()} pending={turnOff.isPending}>
              Turn off on this device
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => test.mutate()} pending={test.isPending}>
            Send a test notification
          </Button>
        </div>
      </div>
      <div className="mt-5 border-t border-border pt-5">
        {preferences.data ? (
          <PreferencesForm preferences={preferences.data} />
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Notification settings could not be loaded.
          </p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </div>
    </section>
  );
}
