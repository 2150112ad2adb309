import { Plus, Repeat } from 'lucide-react';
import { useState } from 'react';
import type { RitualMark } from '@/shared/domain/rituals';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { RitualDayView, RitualView } from '@/shared/schemas/rituals';
import { RITUALS_TEXT, RITUALS_PAGE_TEXT as TEXT } from '@/shared/texts/rituals';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Loading, Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useHighlight } from '@/web/lib/use-highlight';
import { useMarkDay, useRetireRitual, useRituals } from '../api/rituals';
import type { Marking } from './mark-day-dialog';
import { dayLabel, RitualCard, type RitualViewer } from './ritual-card';

// The dialogs open on a tap: their code comes then (Deferred, decision 059).
const loadFormDialog = async () => (await import('./ritual-form-dialog')).RitualFormDialog;
const loadMarkDialog = async () => (await import('./mark-day-dialog')).MarkDayDialog;

/**
 * The Rituals tab of /structure (decision 074): the pair's rituals in use, for both partners. The dominant
 * sets, edits and retires them; the submissive marks each day. Runs are told gently (decision 072): the
 * current one and the best, never a rate or a count of days missed. Live for both (`ritual.changed`).
 */
export function RitualsPanel({
  user,
  partnerId,
  partnerName,
}: {
  user: CurrentUser;
  partnerId: string;
  partnerName: string;
}) {
  const list = useRituals(partnerId);
  const rituals = list.data?.rituals ?? [];
  const highlight = useHighlight('ritual-', list.isSuccess);
  const retire = useRetireRitual(partnerId);
  const markDay = useMarkDay(partnerId);
  // Shown at once; the toast says when the server has it (or that it put the day back).
  const saveMark = (m: Marking, mark: RitualMark, note: string) =>
    markDay.mutate(
      { ritualId: m.ritualId, date: m.date, mark, note },
      {
        onSuccess: () => toast.success(RITUALS_TEXT.marked),
        onError: (error) => toast.error(TEXT.markFailed, { description: errorMessage(error) }),
      },
    );
  // null: closed; 'new': a new one; a ritual: editing it.
  const [editing, setEditing] = useState<RitualView | 'new' | null>(null);
  const [retiring, setRetiring] = useState<RitualView | null>(null);
  const [marking, setMarking] = useState<Marking | null>(null);
  const setter = user.sessionRole === 'dominant' && list.data?.dominantId === user.id;
  const marker = user.sessionRole === 'submissive' && list.data?.submissiveId === user.id;

  const viewerOf = (r: RitualView): RitualViewer => {
    if (setter) return { as: 'dominant', onEdit: () => setEditing(r), onRetire: () => setRetiring(r) };
    if (marker)
      return {
        as: 'submissive',
        onMark: (day: RitualDayView) =>
          setMarking({
            ritualId: r.id,
            name: r.name,
            date: day.date,
            dayLabel: dayLabel(day.date),
            mark: day.mark,
            note: day.note,
          }),
      };
    return { as: 'reader' };
  };

  const content = () => {
    if (list.isPending)
      return (
        <Loading label="Loading rituals…" className="space-y-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-44 w-full rounded-card" />
          ))}
        </Loading>
      );
    if (list.isError)
      return (
        <p role="alert" className="text-destructive">
          {TEXT.fetchFailed}
        </p>
      );
    if (rituals.length === 0)
      return (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <Repeat className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{TEXT.empty}</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {setter ? TEXT.emptyDominant : TEXT.emptySubmissive}
          </p>
        </Card>
      );
    return (
      <ul className="space-y-3" aria-labelledby="rituals-heading">
        {rituals.map((r) => (
          <li key={r.id}>
            <RitualCard
              ritual={r}
              today={list.data!.today}
              viewer={viewerOf(r)}
              highlighted={highlight === r.id}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="rituals-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rituals-heading" className="text-lg font-semibold">
          {TEXT.heading}
        </h2>
        {setter ? (
          <Button className="shrink-0" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> {TEXT.add}
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      {content()}

      {setter ? (
        <Deferred
          show={editing !== null}
          load={loadFormDialog}
          props={{
            open: editing !== null,
            onOpenChange: (open: boolean) => !open && setEditing(null),
            partnerId,
            ritual: editing === 'new' ? null : editing,
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {marker ? (
        <Deferred
          show={marking !== null}
          load={loadMarkDialog}
          props={{ marking, onClose: () => setMarking(null), onSave: saveMark }}
          onCancel={() => setMarking(null)}
        />
      ) : null}
      <ConfirmAction
        item={retiring}
        title={TEXT.retireTitle}
        action={TEXT.retire}
        pending={retire.isPending}
        act={(r) => retire.mutateAsync(r.id)}
        done={RITUALS_TEXT.retiredToast}
        failed={TEXT.retireFailed}
        onClose={() => setRetiring(null)}
      >
        {(r) =>
          `"${r.name}" will no longer be asked. The days already marked stay in your record, and ${partnerName} is told.`
        }
      </ConfirmAction>
    </section>
  );
}
