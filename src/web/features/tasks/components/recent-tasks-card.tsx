import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_TASKS, dashboardColour, isVisibleOnDashboard } from '@/shared/domain/tasks';
import { paths, withQuery } from '@/shared/routes';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { useStoppedSince } from '@/web/lib/stops';
import { useNow } from '@/web/lib/use-now';
import { useTasks } from '../api/tasks';
import { formatDueFrom } from './task-labels';
import { TaskRowsSkeleton } from './task-skeletons';

const COLOURS = {
  completed: { dot: 'bg-green-500', label: 'Completed' },
  overdue: { dot: 'bg-red-500', label: 'Overdue' },
  'due-today': { dot: 'bg-orange-500', label: 'Due today' },
  later: { dot: 'bg-amber-400', label: 'Upcoming' },
  'on-hold': { dot: 'bg-muted-foreground', label: 'On hold (Red)' },
  // Limits (decision 056): waiting for the submissive's answer, or paused; never due meanwhile.
  requested: { dot: 'bg-sky-500', label: 'Request' },
  paused: { dot: 'bg-muted-foreground', label: 'Paused' },
} as const;

/** The dashboard's "Recent Tasks": the 5 newest tasks still worth seeing. */
export function RecentTasksCard({ user }: { user: CurrentUser }) {
  const tasks = useTasks();
  const now = useNow();
  const stoppedSince = useStoppedSince();
  const recent = (tasks.data ?? []).filter((t) => isVisibleOnDashboard(t, now)).slice(0, DASHBOARD_TASKS);
  return (
    <Card aria-labelledby="recent-tasks-title">
      <div className="flex items-center justify-between">
        <h2 id="recent-tasks-title" className="font-semibold">
          Recent Tasks
        </h2>
        <Link
          to={paths.tasks}
          className="-mr-2 inline-flex min-h-11 items-center px-2 text-sm text-primary hover:underline"
        >
          View all
        </Link>
      </div>
      {tasks.isPending ? (
        <TaskRowsSkeleton />
      ) : recent.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 text-center">
          <ListChecks className="h-8 w-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">No tasks yet</p>
          {user.sessionRole !== 'dominant' ? null : user.partners.length > 0 &&
            user.partners.every((p) => p.role === 'dominant') ? (
            <p className="max-w-xs text-xs text-muted-foreground">
              Tasks are assigned to a submissive partner, and your partners are all dominants.
            </p>
          ) : (
            <Link to={paths.tasks} className={buttonClasses('primary', 'sm')}>
              Create Task
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {recent.map((task) => {
            const colour = COLOURS[dashboardColour(task, now, user.timeZone, stoppedSince(task.pairId))];
            return (
              <li key={task.id}>
                <Link
                  to={withQuery(paths.tasks, { highlight: task.id })}
                  className="flex items-center gap-3 py-2.5 hover:bg-muted"
                  data-testid="recent-task"
                >
                  <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', colour.dot)} aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{task.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {colour.label} · {formatDueFrom(task.dueDate, task.timeZone)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
