import type { CurrentUser } from '@/shared/schemas/accounts';
import { ContractEffects } from '@/web/features/contract/components/contract-effects';
import { PushEffects, usePushLogout } from '@/web/features/push/components/push-effects';
import { TaskEffects } from '@/web/features/tasks/components/task-effects';

/**
 * What each feature runs on every signed-in page (live reloads, reminders), registered in one place.
 * A new feature adds its effects component here.
 */
export function FeatureEffects({ user }: { user: CurrentUser }) {
  return (
    <>
      <TaskEffects user={user} />
      <ContractEffects />
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
}
