import { format } from 'date-fns';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { RepeatConfig, RepeatFrequency } from '@/shared/domain/schedule';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@/shared/domain/tasks';
import type { PartnerView } from '@/shared/schemas/partners';
import { TASK_MESSAGES, type TaskView, VOICE_TASK_TITLE } from '@/shared/schemas/tasks';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { SelectField, TextAreaField } from '@/web/components/ui/form-controls';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { type RecordedVoice, VoiceRecorder } from '@/web/components/ui/voice-recorder';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { mediaUrl, uploadMedia } from '@/web/lib/upload';
import { useCreateTask, useUpdateTask } from '../api/tasks';
import { WEEKDAYS } from './task-labels';

type Kind = 'text' | 'voice';
type RepeatChoice = 'none' | RepeatFrequency;

const validation = (title: string, description: string) =>
  toast.error(title, { description, duration: 3000 });

/** "Create New Task" and "Edit Task": a text or voice task for a submissive partner. */
export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  submissives,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: TaskView | null;
  submissives: PartnerView[];
}) {
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={task ? 'Edit Task' : 'Create New Task'}>
      <TaskForm task={task} submissives={submissives} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function defaultDue(task: TaskView | null) {
  const due = task ? new Date(task.dueDate) : new Date(Date.now() + 24 * 3600 * 1000);
  if (!task) due.setHours(21, 0, 0, 0);
  return { date: format(due, 'yyyy-MM-dd'), time: format(due, 'HH:mm') };
}

function TaskForm({
  task,
  submissives,
  onDone,
}: {
  task: TaskView | null;
  submissives: PartnerView[];
  onDone: () => void;
}) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const kindGroup = useId();
  const [kind, setKind] = useState<Kind>(task?.voiceNote ? 'voice' : 'text');
  const [assignedTo, setAssignedTo] = useState(
    task?.assignedTo ?? (submissives.length === 1 ? submissives[0]!.id : ''),
  );
  const [title, setTitle] = useState(
    task && !(task.voiceNote && task.title === VOICE_TASK_TITLE) ? task.title : '',
  );
  const [description, setDescription] = useState(task?.description ?? '');
  const [voice, setVoice] = useState<RecordedVoice | null>(null);
  const [voiceDescription, setVoiceDescription] = useState(task?.voiceNoteDescription ?? '');
  const initialDue = defaultDue(task);
  const [date, setDate] = useState(initialDue.date);
  const [time, setTime] = useState(initialDue.time);
  const [repeat, setRepeat] = useState<RepeatChoice>(task?.repeatConfig?.frequency ?? 'none');
  const [days, setDays] = useState<number[]>(task?.repeatConfig?.daysOfWeek ?? []);
  const [photoRequired, setPhotoRequired] = useState(task?.photoProofRequired ?? false);
  const [progress, setProgress] = useState<number | null>(null);
  const today = format(new Date(), 'yyyy-MM-dd');
  const busy = create.isPending || update.isPending || progress !== null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (kind === 'text' && !title.trim())
      return validation(TASK_MESSAGES.titleRequired, 'Please enter a title for your task');
    if (kind === 'voice' && !voice && !task?.voiceNote) {
      return validation(TASK_MESSAGES.voiceRequired, 'Please record a voice note for your task');
    }
    if (!assignedTo)
      return validation(TASK_MESSAGES.submissiveRequired, 'Please select a submissive to assign the task to');
    if (repeat === 'custom' && days.length === 0) return validation('Choose the days', TASK_MESSAGES.noDays);
    const dueDate = new Date(`${date}T${time || '00:00'}`).getTime();
    if (!Number.isFinite(dueDate) || dueDate < Date.now() - 60_000) {
      return validation(TASK_MESSAGES.pastDue, 'Please choose a date and time in the future');
    }
    const repeatConfig: RepeatConfig | null =
      repeat === 'none'
        ? null
        : repeat === 'custom'
          ? { frequency: 'custom', daysOfWeek: days }
          : { frequency: repeat };
    try {
      let voiceNoteId = kind === 'voice' ? (task?.voiceNote ?? null) : null;
      if (kind === 'voice' && voice) {
        setProgress(0);
        const media = await uploadMedia(
          'audio',
          voice.blob,
          { partnerId: assignedTo, durationMs: voice.durationMs },
          setProgress,
        );
        voiceNoteId = media.id;
      }
      const json = {
        kind,
        title: title.trim(),
        description: kind === 'text' ? description : '',
        dueDate,
        repeatConfig,
        photoProofRequired: photoRequired,
        voiceNoteId,
        voiceNoteDescription: kind === 'voice' ? voiceDescription || null : null,
      };
      if (task) {
        await update.mutateAsync({ id: task.id, json });
        toast.success('Task updated');
      } else {
        await create.mutateAsync({ ...json, assignedTo });
        toast.success('Task created', { description: 'Your submissive has been notified.' });
      }
      onDone();
    } catch (error) {
      toast.error(task ? 'Failed to update task' : 'Failed to create task', {
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={task ? 'Edit Task' : 'Create New Task'}
    >
      <fieldset disabled={Boolean(task)}>
        <legend className="mb-1.5 text-sm font-medium">Task type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {(['text', 'voice'] as const).map((k) => (
            <label
              key={k}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-md text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                kind === k ? 'bg-card shadow-sm' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={kindGroup}
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="sr-only"
              />
              {k === 'text' ? 'Text task' : 'Voice task'}
            </label>
          ))}
        </div>
      </fieldset>

      {!task ? (
        <SelectField label="Submissive" value={assignedTo} onChange={(e) => setAssignedTo(e.target.value)}>
          <option value="">Select a submissive</option>
          {submissives.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
      ) : null}

      <Field
        label={kind === 'voice' ? 'Title (optional)' : 'Title'}
        value={title}
        maxLength={TASK_TITLE_MAX}
        placeholder={kind === 'voice' ? VOICE_TASK_TITLE : 'What should be done?'}
        onChange={(e) => setTitle(e.target.value)}
      />

      {kind === 'text' ? (
        <TextAreaField
          label="Description"
          value={description}
          maxLength={TASK_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      ) : (
        <div className="space-y-2">
          <p className="text-sm font-medium">Voice note</p>
          {task?.voiceNote && !voice ? (
            <VoicePlayer src={mediaUrl(task.voiceNote)} label="Current voice note" />
          ) : null}
          <VoiceRecorder value={voice} onChange={setVoice} disabled={busy} />
          <Field
            label="Voice note description (optional)"
            value={voiceDescription}
            maxLength={500}
            onChange={(e) => setVoiceDescription(e.target.value)}
          />
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Due date"
          type="date"
          min={today}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
        />
        <Field label="Due time" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
      </div>

      <div className="space-y-1.5">
        <SelectField
          label="Repeat"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value as RepeatChoice)}
        >
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly (on this day)</option>
          <option value="monthly">Monthly (on this date)</option>
          <option value="custom">Custom days</option>
        </SelectField>
        {repeat === 'custom' ? (
          <fieldset>
            <legend className="sr-only">Repeat on</legend>
            <div className="grid grid-cols-7 gap-1">
              {WEEKDAYS.map((day, index) => {
                const on = days.includes(index);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={on}
                    onClick={() => setDays(on ? days.filter((d) => d !== index) : [...days, index].sort())}
                    className={cn(
                      'h-10 rounded-md border text-xs font-medium',
                      on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card',
                    )}
                  >
                    {day}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ) : null}
      </div>

      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5 accent-[var(--primary)]"
          checked={photoRequired}
          onChange={(e) => setPhotoRequired(e.target.checked)}
        />
        Photo proof required
      </label>

      {progress !== null ? (
        <progress className="w-full" value={progress} max={1} aria-label="Uploading voice note" />
      ) : null}

      <div className="flex justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : task ? 'Save changes' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}
