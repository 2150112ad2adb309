import type { CurrentUser } from '@/shared/schemas/accounts';
import { useEncryptionLogout } from '@/web/features/encryption/components/encryption-effects';
import { PushEffects, usePushLogout } from '@/web/features/push/components/push-effects';
import { TaskEffects } from '@/web/features/tasks/components/task-effects';
import { useLiveUpdates } from '@/web/lib/realtime';
import { LIVE_UPDATES } from './live-updates';

/**
 * What each feature runs on every signed-in page, registered in one place: the live updates' table
 * (live-updates.ts) and the features' own effects (reminders, push). A new feature adds its rows or its
 * effects component here.
 */
export function FeatureEffects({ user }: { user: CurrentUser }) {
  useLiveUpdates(LIVE_UPDATES);
  return (
    <>
      <TaskEffects user={user} />
      <PushEffects />
    </>
  );
}

/**
 * What each feature needs while anyone is signed in, the role chooser included (its Log out too): the
 * work to do before a logout. Called by the signed-in layout before it decides what to show.
 */
export function useSessionEffects() {
  usePushLogout();
  useEncryptionLogout();
}
