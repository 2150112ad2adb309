import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useEnablePush, usePushDevice } from '../hooks/use-push';
import { PushStatus } from './push-status';

/**
 * The dashboard's notifications card (spec 1 §2, spec 2 §2): the permission status, the last notifications
 * (`recent`, from the notifications feature through the composition layer) and "Enable Notifications".
 * Shown only while push can be enabled on this device and is not yet.
 */
export function NotificationsCard({ recent }: { recent: ReactNode }) {
  const device = usePushDevice();
  const push = useEnablePush();
  const state = device.data;
  if (!state?.supported || state.enabled) return null;
  return (
    <Card aria-labelledby="notifications-card-title" data-testid="notifications-card">
      <h2 id="notifications-card-title" className="font-semibold">
        Notifications
      </h2>
      <div className="mt-2">
        <PushStatus device={state} />
      </div>
      <div className="mt-3">{recent}</div>
      {state.permission !== 'denied' ? (
        <Button className="mt-4" onClick={push.enable} pending={push.pending}>
          Enable Notifications
        </Button>
      ) : null}
    </Card>
  );
}
