import type { CurrentUser } from '@/shared/schemas/accounts';
import { useTaskReminders } from '../use-task-reminders';

/** Mounted once in the signed-in shell: task reminders on every page. */
export function TaskEffects({ user }: { user: CurrentUser }) {
  useTaskReminders(user);
  return null;
}
