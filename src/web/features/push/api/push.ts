import { queryOptions } from '@tanstack/react-query';
import type { PushPreferences, PushSubscriptionInput } from '@/shared/schemas/push';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

export type { PushPreferences, QuietHours } from '@/shared/schemas/push';

const push = api.api.push;

export const fetchPushConfig = () => unwrap(push.config.$get());

/**
 * Stores this device's subscription for the signed-in user (an upsert: 201 new, 200 known). A 409 says the
 * endpoint belongs to another account (decision 030): the caller subscribes afresh.
 */
export const saveSubscription = (json: PushSubscriptionInput) => unwrap(push.subscriptions.$post({ json }));

export const removeSubscription = (endpoint: string) =>
  unwrap(push.subscriptions.$delete({ json: { endpoint } }));

export const pushPreferencesQuery = queryOptions({
  queryKey: queryKeys.pushPreferences,
  queryFn: async () => (await unwrap(push.preferences.$get())).preferences,
});

export const savePushPreferences = async (preferences: PushPreferences) =>
  (await unwrap(push.preferences.$put({ json: preferences }))).preferences;

/** Sends a test push to every device of the user; answers how many it went to. */
export const sendTestPush = () => unwrap(push.test.$post());
