import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { countDueToday, isMorningReminderMinute, isTwoHourReminderDue } from '@/shared/domain/tasks';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { TaskView } from '@/shared/schemas/tasks';
import { counted } from '@/shared/texts/plural';
import { afterLoadWhenIdle } from '@/web/lib/idle';
import { toast } from '@/web/lib/toast';
import { tasksQuery } from './api/tasks';

const REMINDER_CHECK_MS = 60_000;

/**
 * Reminders while the app is open (spec 2, section 9): a check every 60 s, and as soon as the tasks load;
 * at 07:00 the user's time a "Good morning!" toast with the tasks due today; "Task Reminder" about 2 hours
 * before a task is due. Each reminder is shown once per tab. A page that was not rendered with the tasks
 * reads them once it has loaded and the browser is idle: no first paint or tap waits on the reminders.
 */
export function useTaskReminders(user: CurrentUser) {
  const [armed, setArmed] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setArmed(true)), []);
  const tasks = useQuery({ ...tasksQuery, enabled: armed });
  const latest = useRef<TaskView[] | undefined>(tasks.data);
  latest.current = tasks.data;
  const shown = useRef(new Set<string>());

  const check = useCallback(() => {
    if (!latest.current) return;
    const list = latest.current.filter((t) => t.assignedTo === user.id);
    const now = Date.now();
    if (isMorningReminderMinute(now, user.timeZone)) {
      const key = `morning-${new Date(now).toDateString()}`;
      if (!shown.current.has(key)) {
        shown.current.add(key);
        const n = countDueToday(list, now, user.timeZone);
        toast('Good morning!', {
          description: `You have ${counted(n, 'task')} due today.`,
          duration: 8000,
        });
      }
    }
    for (const task of list) {
      if (task.isCompleted || task.limitState || !isTwoHourReminderDue(task.dueDate, now)) continue;
      const key = `due-${task.id}-${task.dueDate}`;
      if (shown.current.has(key)) continue;
      shown.current.add(key);
      toast('Task Reminder', { description: `"${task.title}" is due in about 2 hours.` });
    }
  }, [user.id, user.timeZone]);

  useEffect(() => {
    const timer = window.setInterval(check, REMINDER_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [check]);

  // Also when the tasks (re)load: opening the app inside a reminder's minute shows it at once.
  useEffect(() => {
    if (tasks.data) check();
  }, [tasks.data, check]);
}
