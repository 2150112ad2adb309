import { BellOff, BellRing, CircleHelp } from 'lucide-react';
import type { DeviceState } from '../api/device';

const LABELS = {
  prompt: { text: 'Not allowed yet', Icon: CircleHelp },
  granted: { text: 'Allowed', Icon: BellRing },
  denied: { text: 'Blocked', Icon: BellOff },
} as const;

/** The device's notification permission (prompt, granted, denied), and what to do when it is denied. */
export function PushStatus({ device }: { device: DeviceState }) {
  if (!device.supported) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="push-status" data-permission="unsupported">
        This browser cannot receive notifications from Pact. On an iPhone or iPad, add Pact to your Home
        Screen (Share, then Add to Home Screen) and open it from there.
      </p>
    );
  }
  const { text, Icon } = LABELS[device.permission];
  return (
    <div className="space-y-2" data-testid="push-status" data-permission={device.permission}>
      <p className="flex items-center gap-2 text-sm">
        <Icon className="h-4 w-4 text-muted-foreground" aria-hidden />
        <span>
          Permission: <strong className="font-medium">{text}</strong>
          {device.enabled ? ' · Notifications are on for this device' : null}
        </span>
      </p>
      {device.permission === 'denied' ? (
        <p className="text-sm text-muted-foreground">
          Notifications are blocked for Pact in this browser. To turn them on, open the site settings (the
          icon beside the address bar, or your phone's Settings, then Notifications, for an installed Pact),
          allow notifications, and come back here.
        </p>
      ) : null}
    </div>
  );
}
