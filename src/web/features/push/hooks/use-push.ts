import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { counted } from '@/shared/texts/plural';
import { errorMessage } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';
import { deviceQuery, enableOnThisDevice, forgetThisDevice, pushSupported } from '../api/device';
import { type PushPreferences, pushPreferencesQuery, savePushPreferences, sendTestPush } from '../api/push';

/** This device's permission and subscription, kept current when the user changes the browser's setting. */
export function usePushDevice() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!pushSupported() || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    let gone = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.pushDevice });
    navigator.permissions
      .query({ name: 'notifications' })
      .then((found) => {
        if (gone) return;
        status = found;
        status.addEventListener('change', refresh);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      status?.removeEventListener('change', refresh);
    };
  }, [queryClient]);
  return useQuery(deviceQuery);
}

/** Why this browser could not subscribe, in words the user can act on (never the browser's own message). */
function subscribeFailure(error: unknown) {
  if (error instanceof Error && error.message === 'no service worker')
    return 'Pact’s background worker is not running in this browser (a private window, or the page needs a reload).';
  if (typeof PushManager === 'undefined') return 'This browser cannot receive push notifications.';
  return 'The browser refused to subscribe this device. Please try again later.';
}

/**
 * "Enable Notifications": asks for permission in the tap itself, then subscribes. Whatever stops it is
 * said in a toast (permission blocked or not given, no service worker or push support, a subscription
 * the browser refuses); the failure is also logged, by its name only.
 */
export function useEnablePush() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: enableOnThisDevice,
    onSuccess: (permission) => {
      if (permission === 'denied')
        toast.error('Notifications are blocked', {
          description: 'Allow notifications for Pact in the browser’s site settings, then try again.',
        });
      else if (permission === 'prompt')
        toast('Notifications not enabled', {
          description: 'The browser did not give permission. Tap Enable Notifications and choose Allow.',
        });
    },
    onError: (error) => {
      console.warn('push registration failed', error instanceof Error ? error.name : 'unknown');
      toast.error('Could not enable notifications', { description: subscribeFailure(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevice }),
  });
  return {
    enable: () => {
      if (typeof Notification === 'undefined') {
        toast.error('Could not enable notifications', {
          description: 'This browser cannot show notifications.',
        });
        return;
      }
      mutation.mutate(Notification.requestPermission());
    },
    pending: mutation.isPending,
  };
}

/** "Turn off on this device": the server forgets it and the browser drops the subscription. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetThisDevice,
    onError: (error) => console.warn('push subscription not removed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevice }),
  });
}

export function useTestPush() {
  return useMutation({
    mutationFn: sendTestPush,
    onSuccess: ({ devices }) => {
      if (devices > 0)
        toast.success('Test notification sent', {
          description: `To ${counted(devices, 'device')}`,
        });
      else toast('No device to notify', { description: 'Enable notifications on this device first.' });
    },
    onError: (error) => toast.error('Failed to send test notification', { description: errorMessage(error) }),
  });
}

export const usePushPreferences = () => useQuery(pushPreferencesQuery);

/** Saves the preferences; the screen shows the new ones at once and goes back if the server refuses. */
export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushPreferences,
    onMutate: async (next: PushPreferences) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.pushPreferences });
      const before = queryClient.getQueryData<PushPreferences>(queryKeys.pushPreferences);
      queryClient.setQueryData(queryKeys.pushPreferences, next);
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.pushPreferences, saved);
      toast.success('Notification settings saved');
    },
    onError: (error, _next, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.pushPreferences, context.before);
      toast.error('Failed to save notification settings', { description: errorMessage(error) });
    },
  });
}
