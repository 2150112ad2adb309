import { ArrowLeft, Image as ImageIcon, LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { toast } from 'sonner';
import type { CurrentUser } from '@/shared/schemas/accounts';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { mediaUrl } from '@/web/lib/upload';
import { useAcknowledgeFeedback, useCompletionFeedback, useTaskHistory } from '../api/tasks';
import { FeedbackDialog } from '../components/feedback-dialog';
import { PhotoViewer } from '../components/photo-viewer';
import { formatDue } from '../components/task-labels';
import { TimingBadge } from '../components/timing-badge';
import { useHighlight } from '../use-highlight';

type Layout = 'grid' | 'list';

export function TaskHistoryPage() {
  const user = useOutletContext<CurrentUser>();
  const role = user.sessionRole === 'dominant' ? 'dominant' : 'submissive';
  const history = useTaskHistory();
  const feedback = useCompletionFeedback();
  const acknowledge = useAcknowledgeFeedback();
  const highlight = useHighlight('completion-');
  // The wide table suits a desktop; a phone starts with the cards.
  const [layout, setLayout] = useState<Layout>(() =>
    window.matchMedia('(min-width: 768px)').matches ? 'list' : 'grid',
  );
  const [feedbackFor, setFeedbackFor] = useState<TaskCompletionView | null>(null);
  const [photo, setPhoto] = useState<{ id: string; title: string } | null>(null);

  const ack = (c: TaskCompletionView) =>
    acknowledge.mutate(c.id, {
      onSuccess: () => toast.success('Feedback Acknowledged', { description: 'Feedback acknowledged' }),
      onError: (e) =>
        toast.error('Failed to acknowledge feedback', {
          description: e instanceof ApiError ? e.message : '',
        }),
    });

  const cells = (c: TaskCompletionView) => ({
    task: (
      <>
        <span className="font-medium break-words">{c.title}</span>
        {c.taskType === 'above_and_beyond' ? <Badge className="ml-1">A&B</Badge> : null}
      </>
    ),
    description: c.description || <span className="text-muted-foreground">—</span>,
    completedBy: c.completedByName,
    status: (
      <div className="space-y-1 text-xs">
        <p>Completed {formatDue(c.completedAt)}</p>
        <p className="text-muted-foreground">Due {formatDue(c.dueDateAtTime)}</p>
        <TimingBadge onTime={c.onTime} latenessSeconds={c.latenessSeconds} />
      </div>
    ),
    nextDue:
      c.repeatConfig?.frequency === 'custom' && c.nextDueDate ? (
        formatDue(c.nextDueDate)
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
    proof: c.photoProof ? (
      <Button variant="outline" size="sm" onClick={() => setPhoto({ id: c.photoProof!, title: c.title })}>
        <ImageIcon className="h-4 w-4" aria-hidden /> View
        <span className="sr-only"> photo proof for {c.title}</span>
      </Button>
    ) : (
      <span className="text-muted-foreground">—</span>
    ),
    voice: c.voiceNote ? (
      <div className="min-w-48 space-y-1">
        {c.voiceNoteDescription ? <p className="text-xs">{c.voiceNoteDescription}</p> : null}
        <VoicePlayer src={mediaUrl(c.voiceNote)} label={`Voice note for ${c.title}`} />
      </div>
    ) : (
      <span className="text-muted-foreground">—</span>
    ),
    feedback: (
      <div className="space-y-1 text-sm">
        {c.feedback ? <p className="break-words">{c.feedback}</p> : null}
        {!c.feedback && role === 'dominant' ? (
          <Button variant="secondary" size="sm" onClick={() => setFeedbackFor(c)}>
            Add feedback<span className="sr-only"> on {c.title}</span>
          </Button>
        ) : null}
        {c.feedback && c.taskType === 'above_and_beyond' ? (
          c.feedbackAcknowledged ? (
            <Badge>Acknowledged</Badge>
          ) : role === 'submissive' ? (
            <Button size="sm" disabled={acknowledge.isPending} onClick={() => ack(c)}>
              Acknowledge<span className="sr-only"> feedback on {c.title}</span>
            </Button>
          ) : null
        ) : null}
        {!c.feedback && role === 'submissive' ? <span className="text-muted-foreground">—</span> : null}
      </div>
    ),
  });

  const columns = [
    ['task', 'Task'],
    ['description', 'Description'],
    ['completedBy', 'Completed By'],
    ['status', 'Status'],
    ['nextDue', 'Next Due'],
    ['proof', 'Proof'],
    ['voice', 'Voice'],
    ['feedback', 'Feedback'],
  ] as const;

  const rows = history.data ?? [];
  return (
    <div className="space-y-5">
      <Link to="/tasks" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Task History</h1>
        <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">Layout</legend>
          {(
            [
              ['grid', LayoutGrid, 'Grid'],
              ['list', List, 'List'],
            ] as const
          ).map(([value, Icon, label]) => (
            <Button
              key={value}
              variant={layout === value ? 'outline' : 'ghost'}
              size="sm"
              aria-pressed={layout === value}
              onClick={() => setLayout(value)}
            >
              <Icon className="h-4 w-4" aria-hidden /> {label}
            </Button>
          ))}
        </fieldset>
      </header>

      {history.isPending ? (
        <Spinner label="Loading history…" />
      ) : history.isError ? (
        <p role="alert" className="text-destructive">
          Failed to fetch task history
        </p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">No completed tasks</p>
      ) : layout === 'list' ? (
        // `relative`: visually hidden labels in the cells are positioned; they must scroll with the table,
        // not widen the page.
        <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
          <table className="w-full min-w-[900px] text-left text-sm">
            <thead className="bg-muted text-xs uppercase">
              <tr>
                {columns.map(([, label]) => (
                  <th key={label} scope="col" className="px-3 py-2">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => {
                const row = cells(c);
                return (
                  <tr
                    key={c.id}
                    id={`completion-${c.id}`}
                    className={cn('border-t border-border align-top', highlight === c.id && 'bg-accent')}
                  >
                    {columns.map(([key]) => (
                      <td key={key} className="px-3 py-3">
                        {row[key]}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((c) => {
            const row = cells(c);
            return (
              <li
                key={c.id}
                id={`completion-${c.id}`}
                className={cn(
                  'space-y-2 rounded-xl border bg-card p-4',
                  highlight === c.id ? 'border-primary ring-2 ring-primary' : 'border-border',
                )}
              >
                <p>{row.task}</p>
                <p className="text-sm">{row.description}</p>
                <p className="text-xs text-muted-foreground">Completed by {row.completedBy}</p>
                {row.status}
                {c.photoProof ? row.proof : null}
                {c.voiceNote ? row.voice : null}
                {row.feedback}
              </li>
            );
          })}
        </ul>
      )}

      <FeedbackDialog
        target={feedbackFor}
        onClose={() => setFeedbackFor(null)}
        submit={(text) => feedback.mutateAsync({ id: feedbackFor!.id, feedback: text })}
      />
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </div>
  );
}
