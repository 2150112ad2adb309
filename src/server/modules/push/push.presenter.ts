import { clockOf, minutesOf } from '@/shared/domain/push';
import type { PushPreferences, PushSubscriptionView } from '@/shared/schemas/push';
import type { pushPreferences, pushTokens } from '../../db/schema';

export const presentSubscription = (row: typeof pushTokens.$inferSelect): PushSubscriptionView => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceInfo: row.deviceInfo,
  discreet: row.discreet,
  createdAt: row.createdAt.getTime(),
});

type PreferenceColumns = Pick<
  typeof pushPreferences.$inferSelect,
  'showDetails' | 'quietStart' | 'quietEnd' | 'quietTimeZone'
>;

/** A user's preferences from their row's columns; no row (or a left join that found none): the defaults. */
export function presentPreferences(
  row: Partial<{ [K in keyof PreferenceColumns]: PreferenceColumns[K] | null }> | null | undefined,
): PushPreferences {
  const quiet =
    row?.quietStart != null && row.quietEnd != null && row.quietTimeZone != null
      ? { start: clockOf(row.quietStart), end: clockOf(row.quietEnd), timeZone: row.quietTimeZone }
      : null;
  return { showDetails: row?.showDetails ?? false, quietHours: quiet };
}

/** The columns that store these preferences. */
export const preferenceColumns = (p: PushPreferences) => ({
  showDetails: p.showDetails,
  quietStart: p.quietHours ? minutesOf(p.quietHours.start) : null,
  quietEnd: p.quietHours ? minutesOf(p.quietHours.end) : null,
  quietTimeZone: p.quietHours?.timeZone ?? null,
});
