import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuietableKind } from '@/shared/domain/notification-kinds';
import type { KindChannels, NotificationPreferences } from '@/shared/schemas/notification-preferences';
import { NOTIFICATION_PREFERENCES_TEXT as TEXT } from '@/shared/texts/notification-preferences';
import { api, errorMessage, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';

const preferences = api.api.notifications.preferences;

/** Which kinds arrive quietly (decision 085): every quietable kind with its two channels. */
export const notificationPreferencesQuery = queryOptions({
  queryKey: queryKeys.notificationPreferences,
  queryFn: async () => (await unwrap(preferences.$get())).preferences,
});
export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery);

/** Saves one kind's channels; the switch moves at once and goes back if the server refuses. */
export function useSaveKindChannels() {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationPreferences;
  return useMutation({
    mutationFn: async ({ kind, channels }: { kind: QuietableKind; channels: KindChannels }) =>
      (await unwrap(preferences.$put({ json: { [kind]: channels } }))).preferences,
    onMutate: async ({ kind, channels }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData(key, { ...before, [kind]: channels });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast.success(TEXT.saved);
    },
    onError: (error, _next, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(TEXT.failed, { description: errorMessage(error) });
    },
  });
}
