import { CalendarDays, ListChecks, Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isVisibleInActiveList, taskAbilities } from '@/shared/domain/tasks';
import { paths } from '@/shared/routes';
import type { TaskView } from '@/shared/schemas/tasks';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ConfirmAction } from '@/web/components/ui/confirm-action';
import { Deferred } from '@/web/components/ui/deferred';
import { Tabs } from '@/web/components/ui/tabs';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/current-user';
import { toast } from '@/web/lib/toast';
import { useHighlight } from '@/web/lib/use-highlight';
import { useNow } from '@/web/lib/use-now';
import {
  emailTaskFeedback,
  useAnswerTaskRequest,
  useDeleteTask,
  useRestoreTask,
  useTaskFeedback,
  useTaskHistory,
  useTasks,
} from '../api/tasks';
import { CompletedTasks } from '../components/completed-tasks';
import { PhotoViewer } from '../components/photo-viewer';
import { TaskCard } from '../components/task-card';
import { TaskListSkeleton } from '../components/task-skeletons';
import { useCompleteFlow } from '../use-complete-task';
import { useHistoryFeedback } from '../use-history-feedback';

// The forms open on a tap: their code (and their schemas) comes when the browser is idle (Deferred).
const loadTaskForm = async () => (await import('../components/task-form-dialog')).TaskFormDialog;
const loadAboveAndBeyond = async () =>
  (await import('../components/above-and-beyond-dialog')).AboveAndBeyondDialog;
const loadFeedback = async () => (await import('../components/feedback-dialog')).FeedbackDialog;
const loadCompleteTask = async () => (await import('../components/complete-task-dialog')).CompleteTaskDialog;

/** Why a dominant has no task to create (issue 20): said, not left to a disabled button. */
const ALL_DOMINANTS = 'Tasks are assigned to a submissive partner, and your partners are all dominants.';

export function TasksPage() {
  const user = useCurrentUser();
  const role = user.sessionRole === 'dominant' ? 'dominant' : 'submissive';
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'active';
  const tasks = useTasks();
  const history = useTaskHistory();
  const now = useNow();
  const onHistory = tab === 'history';
  const highlight = useHighlight(
    onHistory ? 'completion-' : 'task-',
    onHistory ? history.isSuccess : tasks.isSuccess,
  );
  const viewer = { id: user.id, actingRole: user.sessionRole };
  const historyFeedback = useHistoryFeedback(viewer);
  const completeFlow = useCompleteFlow(viewer);
  const remove = useDeleteTask();
  const restore = useRestoreTask();
  const feedback = useTaskFeedback();
  const answerRequest = useAnswerTaskRequest();
  const answer = (task: TaskView, accept: boolean) =>
    answerRequest.mutate(
      { id: task.id, accept },
      {
        onSuccess: () => toast.success(accept ? 'Request accepted' : 'Request declined'),
        onError: (error) => toast.error('Failed to answer the request', { description: errorMessage(error) }),
      },
    );
  const [formTask, setFormTask] = useState<TaskView | null | 'new'>(null);
  const [aabOpen, setAabOpen] = useState(false);
  const [feedbackTask, setFeedbackTask] = useState<TaskView | null>(null);
  const [photo, setPhoto] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<TaskView | null>(null);
  const [proofTask, setProofTask] = useState<TaskView | null>(null);

  const submissives = user.partners.filter((p) => p.role !== 'dominant');
  const dominants = user.partners.filter((p) => p.role !== 'submissive');
  const active = (tasks.data ?? []).filter((t) => isVisibleInActiveList(t, role, now));

  const actionsFor = (task: TaskView) => {
    const can = taskAbilities(task, viewer);
    return {
      onComplete: can.complete ? () => completeFlow.start(task) : undefined,
      onCompleteWithProof: can.complete && can.asSubmissive ? () => setProofTask(task) : undefined,
      onEdit: can.edit ? () => setFormTask(task) : undefined,
      onDelete: can.delete ? () => setDeleting(task) : undefined,
      // Feedback is given once; after that the card shows it.
      onFeedback: can.giveFeedback && !task.feedback ? () => setFeedbackTask(task) : undefined,
      onViewPhoto: task.photoProof ? () => setPhoto({ id: task.photoProof!, title: task.title }) : undefined,
      onEmailFeedback: can.asDominant && task.feedback ? () => emailTaskFeedback(task.id) : undefined,
      onAccept: can.answerRequest ? () => answer(task, true) : undefined,
      onDecline: can.answerRequest ? () => answer(task, false) : undefined,
    };
  };

  // Spec 2 §2: the header says "Assign Task"; the empty list offers "Create Task".
  // Only partners who can be a submissive take tasks: with none, no button leads to a disabled one.
  const createButton = (label: string) =>
    role === 'dominant' ? (
      submissives.length === 0 ? null : (
        <Button onClick={() => setFormTask('new')} disabled={submissives.length === 0}>
          <Plus className="h-4 w-4" aria-hidden /> {label}
        </Button>
      )
    ) : (
      <Button onClick={() => setAabOpen(true)} disabled={dominants.length === 0}>
        <Sparkles className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Above & Beyond</span>
        <span className="sm:hidden">
          A&B<span className="sr-only"> (Above & Beyond)</span>
        </span>
      </Button>
    );

  const activeContent = tasks.isPending ? (
    <TaskListSkeleton label="Loading tasks…" />
  ) : tasks.isError ? (
    <p role="alert" className="text-destructive">
      Failed to fetch tasks
    </p>
  ) : active.length === 0 ? (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <ListChecks className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-semibold">No active tasks found</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {user.partners.length === 0
          ? 'Connect with a partner on the dashboard to start.'
          : role === 'dominant'
            ? submissives.length === 0
              ? ALL_DOMINANTS
              : 'Assign a task to your submissive.'
            : 'Nothing is waiting for you. You can still go above and beyond.'}
      </p>
      {createButton('Create Task')}
    </Card>
  ) : (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {active.map((task) => (
        <li key={task.id}>
          <TaskCard
            task={task}
            now={now}
            timeZone={user.timeZone}
            highlighted={!onHistory && highlight === task.id}
            busy={
              completeFlow.busyTaskId === task.id ||
              (answerRequest.isPending && answerRequest.variables?.id === task.id)
            }
            actions={actionsFor(task)}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div className="space-y-5">
      <header className="flex items-start justify-between gap-3 narrow:flex-col narrow:items-stretch">
        <div>
          <h1 className="text-2xl font-bold">Tasks</h1>
          <p className="text-sm text-muted-foreground">
            {role === 'dominant'
              ? 'Assign and manage tasks for your submissive'
              : 'View and complete your assigned tasks'}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2 narrow:justify-start">
          {/* On a phone its icon alone, beside the page's own action. */}
          <Link to={paths.calendar} className={`${buttonClasses('outline')} w-11 px-0 sm:w-auto sm:px-4`}>
            <CalendarDays className="h-4 w-4" aria-hidden />{' '}
            <span className="sr-only sm:not-sr-only">Calendar</span>
          </Link>
          {createButton('Assign Task')}
        </div>
      </header>

      <input {...completeFlow.fileInputProps} />
      <UploadProgress progress={completeFlow.progress} label={completeFlow.uploadLabel} />

      <Tabs
        label="Tasks"
        value={tab}
        onValueChange={(value) =>
          setParams(
            (p) => {
              if (value === 'history') p.set('tab', 'history');
              else p.delete('tab');
              return p;
            },
            { replace: true },
          )
        }
        items={[
          { value: 'active', label: 'Active Tasks', content: activeContent },
          {
            value: 'history',
            label: 'History',
            content: history.isPending ? (
              <TaskListSkeleton label="Loading history…" />
            ) : history.isError ? (
              <p role="alert" className="text-destructive">
                Failed to fetch task history
              </p>
            ) : (
              <CompletedTasks
                completions={history.data}
                highlight={onHistory ? highlight : null}
                feedback={historyFeedback.cell}
              />
            ),
          },
        ]}
      />

      <Deferred
        show={formTask !== null}
        load={loadTaskForm}
        props={{
          open: formTask !== null,
          onOpenChange: (open: boolean) => !open && setFormTask(null),
          task: formTask === 'new' ? null : formTask,
          submissives,
        }}
      />
      <Deferred
        show={aabOpen}
        load={loadAboveAndBeyond}
        props={{ open: aabOpen, onOpenChange: setAabOpen, dominants }}
      />
      <Deferred
        show={feedbackTask !== null}
        load={loadFeedback}
        props={{
          target: feedbackTask,
          onClose: () => setFeedbackTask(null),
          submit: (text: string) => feedback.mutateAsync({ id: feedbackTask!.id, feedback: text }),
        }}
      />
      {historyFeedback.dialog}
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
      <Deferred
        show={proofTask !== null}
        load={loadCompleteTask}
        props={{
          task: proofTask,
          photoRequired: proofTask ? completeFlow.needsPhoto(proofTask) : false,
          busy: proofTask !== null && completeFlow.busyTaskId === proofTask.id,
          progress: completeFlow.progress,
          uploadLabel: completeFlow.uploadLabel,
          onComplete: (proof: Parameters<typeof completeFlow.completeWithProof>[1]) =>
            completeFlow.completeWithProof(proofTask!, proof),
          onClose: () => setProofTask(null),
        }}
      />
      <ConfirmAction
        item={deleting}
        title="Delete task?"
        action="Delete"
        pending={remove.isPending}
        act={(task) => remove.mutateAsync(task.id)}
        done="Task deleted"
        failed="Failed to delete task"
        onClose={() => setDeleting(null)}
        undo={{
          run: (task) => restore.mutateAsync(task.id),
          done: 'Task restored',
          failed: 'Failed to restore task',
        }}
      >
        {(task) =>
          `"${task.title}" will be deleted with its history, photos and voice notes. You can undo it for a few seconds.`
        }
      </ConfirmAction>
    </div>
  );
}
