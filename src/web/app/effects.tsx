import type { CurrentUser } from '@/shared/schemas/accounts';
import { TaskEffects } from '@/web/features/tasks/components/task-effects';

/**
 * What each feature runs on every signed-in page (live reloads, reminders), registered in one place.
 * A new feature adds its effects component here.
 */
export function FeatureEffects({ user }: { user: CurrentUser }) {
  return <TaskEffects user={user} />;
}
