import { useState } from 'react';
import type { CurrentUser } from '@/shared/schemas/accounts';
import { WEEKS_TEXT, type WeekFigures } from '@/shared/texts/weeks';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWeeks } from '../api/weeks';
import { POINT_SERIES, RITUAL_SERIES, TASK_SERIES, WeeksChart, weekLabel } from './weeks-chart';

const COLUMNS = [...TASK_SERIES, ...POINT_SERIES, ...RITUAL_SERIES];

/** The eight weeks in one sentence, for the picture's readers who do not see it. */
export function weeksSummary(weeks: WeekFigures[]) {
  const sum = (key: keyof Omit<WeekFigures, 'start'>) => weeks.reduce((n, w) => n + w[key], 0);
  const now = weeks.at(-1);
  const said = (w: Omit<WeekFigures, 'start'>) =>
    `${w.tasksOnTime} ${w.tasksOnTime === 1 ? 'task' : 'tasks'} on time, ${w.tasksLate} late, ` +
    `${w.pointsEarned} ${w.pointsEarned === 1 ? 'point' : 'points'} earned and ${w.pointsSpent} spent, ` +
    `${w.ritualsDone} ${w.ritualsDone === 1 ? 'ritual' : 'rituals'} done`;
  const total = said({
    tasksOnTime: sum('tasksOnTime'),
    tasksLate: sum('tasksLate'),
    pointsEarned: sum('pointsEarned'),
    pointsSpent: sum('pointsSpent'),
    ritualsDone: sum('ritualsDone'),
  });
  return `In the last ${weeks.length} weeks: ${total}.${now ? ` This week: ${said(now)}.` : ''}`;
}

/**
 * "How the weeks went" on the dashboard (issue 24, part 6; decision 071), for both partners: the last eight
 * weeks with one partner, drawn as three small charts (tasks, points, rituals kept), said in a sentence and,
 * on request, as a table. It counts what was done; it never rates a person. Live through the completions',
 * points' and rituals' events.
 */
export function WeeksCard({ user }: { user: CurrentUser }) {
  const [partnerId, setPartnerId] = useState(user.partners[0]?.id ?? '');
  const weeks = useWeeks(partnerId);
  const list = weeks.data?.weeks;
  const quiet = list?.every((w) => COLUMNS.every((c) => w[c.key] === 0));
  return (
    <Card aria-labelledby="weeks-title" className="space-y-3" data-testid="weeks-card">
      <div>
        <h2 id="weeks-title" className="font-semibold">
          {WEEKS_TEXT.title}
        </h2>
        <p className="text-sm text-muted-foreground">{WEEKS_TEXT.intro}</p>
      </div>
      {user.partners.length > 1 ? (
        <PartnerSelect partners={user.partners} value={partnerId} onChange={setPartnerId} />
      ) : null}
      {weeks.isPending ? (
        <div className="space-y-2" aria-hidden>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : !list ? (
        <p className="text-sm text-destructive" role="alert">
          {WEEKS_TEXT.failed}
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="weeks-summary">
            {quiet ? WEEKS_TEXT.empty : weeksSummary(list)}
          </p>
          {/* Side by side from `sm` up: a chart drawn wider than that only grows its text. */}
          <div className="grid gap-4 sm:grid-cols-2">
            <WeeksChart weeks={list} series={TASK_SERIES} stacked title="Tasks" />
            <WeeksChart weeks={list} series={POINT_SERIES} stacked={false} title="Points" />
            <WeeksChart weeks={list} series={RITUAL_SERIES} stacked title="Rituals" />
          </div>
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-primary">
              {WEEKS_TEXT.showTable}
            </summary>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">{WEEKS_TEXT.title}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      {WEEKS_TEXT.week}
                    </th>
                    {COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className="px-1 py-1 text-right font-medium">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.map((w) => (
                    <tr key={w.start} className="border-t border-border">
                      <th scope="row" className="py-1 pr-2 font-normal whitespace-nowrap">
                        {weekLabel(w.start)}
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c.key} className="px-1 py-1 text-right tabular-nums">
                          {w[c.key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </Card>
  );
}
