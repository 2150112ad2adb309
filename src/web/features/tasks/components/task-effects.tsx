import type { CurrentUser } from '@/shared/schemas/accounts';
import { useTaskRealtime } from '../use-task-realtime';
import { useTaskReminders } from '../use-task-reminders';

/** Mounted once in the signed-in shell: live task reloads and reminders on every page. */
export function TaskEffects({ user }: { user: CurrentUser }) {
  useTaskRealtime();
  useTaskReminders(user);
  return null;
}
