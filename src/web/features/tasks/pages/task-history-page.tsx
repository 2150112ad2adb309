import { ArrowLeft, Image as ImageIcon, LayoutGrid, List } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import type { TaskCompletionView } from '@/shared/schemas/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { DeleteProofButton, ProofGoneNote } from '@/web/components/ui/proof';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { cn } from '@/web/lib/cn';
import { useCurrentUser } from '@/web/lib/current-user';
import { mediaUrl } from '@/web/lib/upload';
import { useHighlight } from '@/web/lib/use-highlight';
import { useTaskHistory } from '../api/tasks';
import { CompletionCard } from '../components/completion-card';
import { PhotoViewer } from '../components/photo-viewer';
import { formatDue } from '../components/task-labels';
import { TaskListSkeleton } from '../components/task-skeletons';
import { TimingBadge } from '../components/timing-badge';
import { useHistoryFeedback } from '../use-history-feedback';

type Layout = 'grid' | 'list';

export function TaskHistoryPage() {
  const user = useCurrentUser();
  const history = useTaskHistory();
  const highlight = useHighlight('completion-', history.isSuccess);
  const feedback = useHistoryFeedback({ id: user.id, actingRole: user.sessionRole });
  // The wide table suits a desktop; a phone starts with the cards.
  const [layout, setLayout] = useState<Layout>('grid');
  useEffect(() => {
    if (window.matchMedia('(min-width: 768px)').matches) setLayout('list');
  }, []);
  const [photo, setPhoto] = useState<{ id: string; title: string } | null>(null);

  const cells = (c: TaskCompletionView) => ({
    task: (
      <>
        <span className="font-medium wrap-anywhere">{c.title}</span>
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
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setPhoto({ id: c.photoProof!, title: c.title })}>
          <ImageIcon className="h-4 w-4" aria-hidden /> View
          <span className="sr-only"> photo proof for {c.title}</span>
        </Button>
        {c.completedBy === user.id ? (
          <DeleteProofButton id={c.photoProof} of={`the photo of ${c.title}`} />
        ) : null}
      </div>
    ) : c.photoProofGone ? (
      <ProofGoneNote gone={c.photoProofGone} />
    ) : (
      <span className="text-muted-foreground">—</span>
    ),
    voice:
      c.voiceNote || c.voiceProof || c.voiceProofGone ? (
        <div className="min-w-48 space-y-1">
          {c.voiceNote ? (
            <>
              {c.voiceNoteDescription ? <p className="text-xs">{c.voiceNoteDescription}</p> : null}
              <VoicePlayer src={mediaUrl(c.voiceNote)} label={`Voice note for ${c.title}`} />
            </>
          ) : null}
          {c.voiceProof ? (
            <>
              <p className="text-xs text-muted-foreground">Voice proof</p>
              <VoicePlayer src={mediaUrl(c.voiceProof)} label={`Voice proof for ${c.title}`} />
              {c.completedBy === user.id ? (
                <DeleteProofButton id={c.voiceProof} of={`the voice note of ${c.title}`} />
              ) : null}
            </>
          ) : null}
          {c.voiceProofGone ? <ProofGoneNote gone={c.voiceProofGone} /> : null}
        </div>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
    feedback: feedback.cell(c),
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
      <Link to={paths.tasks} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back
      </Link>
      <header className="flex items-center justify-between gap-3 narrow:flex-col narrow:items-stretch">
        <h1 className="text-2xl font-bold">Task History</h1>
        <fieldset className="flex gap-1 rounded-control bg-muted p-1">
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
        <TaskListSkeleton label="Loading history…" />
      ) : history.isError ? (
        <p role="alert" className="text-destructive">
          Failed to fetch task history
        </p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">No completed tasks</p>
      ) : layout === 'list' ? (
        // `relative`: visually hidden labels in the cells are positioned; they must scroll with the table,
        // not widen the page.
        <div className="relative overflow-x-auto rounded-card border border-border bg-card">
          <table className="w-full min-w-[56.25rem] text-left text-sm">
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
              <CompletionCard key={c.id} id={c.id} highlighted={highlight === c.id}>
                <p>{row.task}</p>
                <p className="text-sm">{row.description}</p>
                <p className="text-xs text-muted-foreground">Completed by {row.completedBy}</p>
                {row.status}
                {c.photoProof || c.photoProofGone ? row.proof : null}
                {c.voiceNote || c.voiceProof || c.voiceProofGone ? row.voice : null}
                {row.feedback}
              </CompletionCard>
            );
          })}
        </ul>
      )}

      {feedback.dialog}
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </div>
  );
}
