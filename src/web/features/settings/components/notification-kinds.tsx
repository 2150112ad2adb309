import { ShieldCheck } from 'lucide-react';
import {
  NOTIFICATION_KIND_LABELS,
  QUIETABLE_KINDS,
  type QuietableKind,
} from '@/shared/domain/notification-kinds';
import type { KindChannels } from '@/shared/schemas/notification-preferences';
import { NOTIFICATION_PREFERENCES_TEXT as TEXT } from '@/shared/texts/notification-preferences';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useNotificationPreferences, useSaveKindChannels } from '../api/notification-preferences';

const CHANNELS = [
  ['inApp', TEXT.inApp],
  ['push', TEXT.push],
] as const satisfies readonly (readonly [keyof KindChannels, string])[];

/**
 * Settings › Notifications (decision 085): a switch per kind and channel. A kind quieted in the app arrives
 * read, without a toast; one quieted for push sends none. Safety is listed, always on, never a switch.
 */
export function NotificationKinds() {
  const preferences = useNotificationPreferences();
  const save = useSaveKindChannels();
  if (!preferences.data) {
    return preferences.isError ? (
      <p role="alert" className="text-sm text-destructive">
        {TEXT.failed}
      </p>
    ) : (
      <Skeleton className="h-72 w-full" data-testid="notification-kinds-loading" />
    );
  }
  const current = preferences.data;
  const set = (kind: QuietableKind, channel: keyof KindChannels, on: boolean) =>
    save.mutate({ kind, channels: { ...current[kind], [channel]: on } });
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      <table className="w-full text-sm" data-testid="notification-kinds">
        <caption className="sr-only">{TEXT.title}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Kind</span>
            </th>
            {CHANNELS.map(([channel, label]) => (
              <th key={channel} scope="col" className="w-24 py-1 text-center font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          <tr>
            <th scope="row" className="py-2 text-left font-medium">
              <span className="flex items-center gap-1.5">
                <ShieldCheck className="h-4 w-4 text-primary" aria-hidden /> {TEXT.safety}
              </span>
            </th>
            <td colSpan={2} className="py-2 text-center text-muted-foreground">
              Always on
            </td>
          </tr>
          {QUIETABLE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="py-1 text-left font-medium">
                {NOTIFICATION_KIND_LABELS[kind]}
              </th>
              {CHANNELS.map(([channel, label]) => (
                <td key={channel} className="py-1 text-center">
                  <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-[var(--primary)]"
                      aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${label.toLowerCase()}`}
                      checked={current[kind][channel]}
                      onChange={(e) => set(kind, channel, e.target.checked)}
                    />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">{TEXT.safetyAlways}</p>
    </div>
  );
}
