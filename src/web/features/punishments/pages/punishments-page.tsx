import { Gavel, Plus } from 'lucide-react';
import { useState } from 'react';
import { punishmentAbilities } from '@/shared/domain/punishments';
import type { PunishmentView } from '@/shared/schemas/punishments';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs } from '@/web/components/ui/tabs';
import { errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { toast } from '@/web/lib/toast';
import { useHighlight } from '@/web/lib/use-highlight';
import {
  emailPunishmentFeedback,
  useAnswerPunishmentRequest,
  useDeletePunishment,
  usePunishmentFeedback,
  usePunishments,
  useSetCompleted,
  useStartTimer,
} from '../api/punishments';
import { PunishmentCard } from '../components/punishment-card';
import { PunishmentFeedbackDialog } from '../components/punishment-feedback-dialog';
import { PunishmentTagsDialog } from '../components/punishment-tags-dialog';

// The form opens on a tap: its code (react-hook-form, zod and the schemas) comes then (Deferred, decision 059).
const loadPunishmentForm = async () =>
  (await import('../components/punishment-form-dialog')).PunishmentFormDialog;

type Filter = 'all' | 'pending' | 'completed';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
];

/** /punishments (spec 2 §2): the pair's punishments, filtered; the dominant adds them. */
export function PunishmentsPage() {
  const user = useCurrentUser();
  const dominant = user.sessionRole === 'dominant';
  const list = usePunishments();
  const highlight = useHighlight('punishment-', list.isSuccess);
  const setCompleted = useSetCompleted();
  const startTimer = useStartTimer();
  const feedback = usePunishmentFeedback();
  const [filter, setFilter] = useState<Filter>('all');
  const [adding, setAdding] = useState(false);
  const [feedbackFor, setFeedbackFor] = useState<PunishmentView | null>(null);
  const [tagsFor, setTagsFor] = useState<PunishmentView | null>(null);
  const [deleting, setDeleting] = useState<PunishmentView | null>(null);
  const answerRequest = useAnswerPunishmentRequest();
  const remove = useDeletePunishment();
  const viewer = { id: user.id, actingRole: user.sessionRole };
  const submissives = user.partners.filter((p) => p.role !== 'dominant');
  const busyId = setCompleted.isPending
    ? setCompleted.variables?.id
    : startTimer.isPending
      ? startTimer.variables
      : answerRequest.isPending
        ? answerRequest.variables?.id
        : undefined;

  const toggle = (p: PunishmentView, completed: boolean) =>
    setCompleted.mutate(
      { id: p.id, completed },
      {
        onSuccess: () =>
          toast.success(completed ? 'Punishment Completed' : 'Punishment Uncompleted', { duration: 2000 }),
        onError: () => toast.error('Failed to update punishment'),
      },
    );
  const answer = (p: PunishmentView, accept: boolean) =>
    answerRequest.mutate(
      { id: p.id, accept },
      {
        onSuccess: () => toast.success(accept ? 'Request accepted' : 'Request declined'),
        onError: (error) => toast.error('Failed to answer the request', { description: errorMessage(error) }),
      },
    );
  // Spec 2 §8: timer failures show no user message.
  const start = (p: PunishmentView) =>
    startTimer.mutate(p.id, { onSuccess: () => toast.success('Timer started', { duration: 2000 }) });

  const empty = (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <Gavel className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-semibold">No punishments</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {dominant
          ? "You haven't assigned any punishments yet. Add a punishment to track misbehavior."
          : "You don't have any punishments assigned to you at the moment."}
      </p>
    </Card>
  );

  const content = (which: Filter) => {
    if (list.isPending) {
      return (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading punishments…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-card" />
          ))}
        </div>
      );
    }
    if (list.isError) {
      return (
        <p role="alert" className="text-destructive">
          Failed to fetch punishments
        </p>
      );
    }
    const shown = list.data.filter(
      (p) => which === 'all' || (which === 'completed' ? p.isCompleted : !p.isCompleted),
    );
    if (list.data.length === 0) return empty;
    if (shown.length === 0) {
      return (
        <p className="py-8 text-center text-sm text-muted-foreground">
          {which === 'pending' ? 'No pending punishments' : 'No completed punishments'}
        </p>
      );
    }
    const now = Date.now();
    return (
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((p) => (
          <li key={p.id}>
            <PunishmentCard
              punishment={p}
              can={punishmentAbilities(p, viewer, now)}
              highlighted={highlight === p.id}
              busy={busyId === p.id}
              actions={{
                onToggleComplete: (completed) => toggle(p, completed),
                onStartTimer: () => start(p),
                onFeedback: () => setFeedbackFor(p),
                onEmailFeedback: () => emailPunishmentFeedback(p.id),
                onAnswerRequest: (accept) => answer(p, accept),
                onEditTags: () => setTagsFor(p),
                onDelete: () => setDeleting(p),
              }}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3 narrow:flex-col narrow:items-stretch">
        <div>
          <h1 className="text-2xl font-bold">Punishments</h1>
          <p className="text-sm text-muted-foreground">
            {dominant
              ? 'Manage and track punishments for your submissives'
              : 'View your assigned punishments and completion status'}
          </p>
        </div>
        {dominant ? (
          <Button className="shrink-0" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Punishment
          </Button>
        ) : null}
      </header>

      <Tabs
        label="Filter punishments"
        value={filter}
        onValueChange={(value) => setFilter(value as Filter)}
        items={FILTERS.map((f) => ({ ...f, content: content(f.value) }))}
      />

      <Deferred
        show={adding}
        load={loadPunishmentForm}
        props={{ open: adding, onOpenChange: setAdding, submissives }}
        onCancel={() => setAdding(false)}
      />
      <PunishmentFeedbackDialog
        target={feedbackFor}
        onClose={() => setFeedbackFor(null)}
        submit={(text) => feedback.mutateAsync({ id: feedbackFor!.id, feedback: text })}
      />
      <PunishmentTagsDialog target={tagsFor} onClose={() => setTagsFor(null)} />
      <ConfirmAction
        item={deleting}
        title="Delete punishment?"
        action="Delete"
        pending={remove.isPending}
        act={(punishment) => remove.mutateAsync(punishment.id)}
        done="Punishment deleted"
        failed="Failed to delete punishment"
        onClose={() => setDeleting(null)}
      >
        {(punishment) => `"${punishment.title}" will be deleted with its voice note. This cannot be undone.`}
      </ConfirmAction>
    </div>
  );
}
