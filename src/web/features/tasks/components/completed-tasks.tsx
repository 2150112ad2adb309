import { CheckCircle2, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { format } from '@/web/lib/dates';
import { CompletionCard } from './completion-card';
import { formatDue } from './task-labels';
import { TimingBadge } from './timing-badge';

/**
 * The History tab: completions grouped under 'MMMM yyyy' of their completion date, each with its feedback
 * (`feedback` renders it, with what the viewer may do about it).
 */
export function CompletedTasks({
  completions,
  highlight,
  feedback,
}: {
  completions: TaskCompletionView[];
  highlight: string | null;
  feedback: (entry: TaskCompletionView) => ReactNode;
}) {
  if (completions.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 py-10 text-center">
        <CheckCircle2 className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h2 className="font-semibold">No completed tasks</h2>
        <p className="text-sm text-muted-foreground">
          When your submissive completes tasks, they'll appear here
        </p>
      </Card>
    );
  }
  const groups = new Map<string, TaskCompletionView[]>();
  for (const c of completions) {
    const key = format(c.completedAt, 'MMMM yyyy');
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Link to={paths.taskHistory} className={buttonClasses('outline', 'sm')}>
          <History className="h-4 w-4" aria-hidden /> Full history
        </Link>
      </div>
      {[...groups].map(([month, items]) => (
        <section key={month} aria-labelledby={`month-${month}`}>
          <h2 id={`month-${month}`} className="mb-3 text-lg font-semibold">
            {month}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((c) => (
              <CompletionCard key={c.id} id={c.id} highlighted={highlight === c.id}>
                <h3 className="font-medium wrap-anywhere">{c.title}</h3>
                <p className="text-xs text-muted-foreground">
                  {c.taskType === 'above_and_beyond' ? 'Above & Beyond · ' : ''}
                  Completed {formatDue(c.completedAt)} by {c.completedByName}
                </p>
                <TimingBadge onTime={c.onTime} latenessSeconds={c.latenessSeconds} />
                {feedback(c)}
              </CompletionCard>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
