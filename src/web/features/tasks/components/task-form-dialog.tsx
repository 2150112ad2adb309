import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '@/shared/domain/tasks';
import type { PartnerView } from '@/shared/schemas/partners';
import {
  type CreateTaskInput,
  type TaskView,
  VOICE_DESCRIPTION_MAX,
  VOICE_TASK_TITLE,
} from '@/shared/schemas/tasks';
import { TASK_AWARD_MAX, TASK_AWARD_TEXT } from '@/shared/texts/tasks';
import { AreasField } from '@/web/components/ui/areas-field';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { LimitTagPicker } from '@/web/components/ui/limit-tag-picker';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { VoicePlayer } from '@/web/components/ui/voice-player';
import { VoiceRecorder } from '@/web/components/ui/voice-recorder';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { format } from '@/web/lib/dates';
import { errorAt, toastFirstError } from '@/web/lib/form-errors';
import { useCustomLimitItems } from '@/web/lib/limits';
import { toast } from '@/web/lib/toast';
import { mediaUrl } from '@/web/lib/upload';
import { useMediaUpload } from '@/web/lib/use-media-upload';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useCreateTask, useUpdateTask } from '../api/tasks';
import { PartnerSelect } from './partner-select';
import { RepeatField } from './repeat-field';
import {
  TASK_FORM_ERROR_DETAILS,
  TASK_FORM_ERROR_ORDER,
  type TaskFormValues,
  taskFormDefaults,
  taskFormSchema,
} from './task-form-schema';

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

const showInvalid = toastFirstError(TASK_FORM_ERROR_ORDER, TASK_FORM_ERROR_DETAILS);

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
  const media = useMediaUpload();
  // The new task's key, kept across retries until it is created: a retry never makes a second task.
  const key = useWriteKey();
  const [unreachable, setUnreachable] = useState(false);
  // The server's refusal of a tag that crosses a No (decision 056), shown in the form: never whose No.
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's refusal of a field, by its path, shown beside the field as the form's own checks are.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const form = useForm<TaskFormValues, unknown, CreateTaskInput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: taskFormDefaults(
      task,
      submissives.map((p) => p.id),
    ),
  });
  const { register, setValue, watch } = form;
  // Once the form has been sent, each change checks it whole again, so that a problem beside a field goes as
  // soon as it is fixed: the task as checked names some fields otherwise (a date and a time are `dueDate`).
  useEffect(() => {
    const watching = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => watching.unsubscribe();
  }, [form]);
  const [kind, repeat, days, voice, description, areas, limitTags, assignedTo] = watch([
    'kind',
    'repeat',
    'days',
    'voice',
    'description',
    'areas',
    'limitTags',
    'assignedTo',
  ]);
  const customItems = useCustomLimitItems(task?.assignedTo ?? assignedTo);
  // A refusal by the contract's caps is shown in the form, naming the cap (decision 057).
  const [capRefusal, setCapRefusal] = useState<string | null>(null);
  const busy = create.isPending || update.isPending || media.uploading || form.formState.isSubmitting;

  /**
   * The problem to show beside a field (its path in the task as checked: `dueDate`, `repeatConfig`, ...), in
   * the toast's words of what to do when it has them.
   */
  const errorOf = (path: string) =>
    errorAt(form.formState.errors, serverErrors, path, TASK_FORM_ERROR_DETAILS);

  const save = async (input: CreateTaskInput) => {
    setUnreachable(false);
    setCapRefusal(null);
    setRefusal(null);
    setServerErrors({});
    try {
      const recording = form.getValues('voice');
      const voiceNoteId =
        input.kind === 'voice' && recording
          ? (
              await media.upload('audio', recording.blob, {
                partnerId: input.assignedTo,
                durationMs: recording.durationMs,
              })
            ).id
          : input.voiceNoteId;
      const { assignedTo, ...json } = { ...input, voiceNoteId };
      if (task) {
        await update.mutateAsync({ id: task.id, json });
        toast.success('Task updated');
      } else {
        await create.mutateAsync({ ...json, assignedTo, key: key.current });
        key.renew();
        toast.success('Task created', { description: 'Your submissive has been notified.' });
      }
      onDone();
    } catch (error) {
      // Not reached: the form stays as it is, says so, and its button sends it again.
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError && error.code === 'LIMIT_CROSSED') return setRefusal(error.message);
      setCapRefusal(error instanceof ApiError && error.code === 'CAP_EXCEEDED' ? error.message : null);
      if (error instanceof ApiError) setServerErrors(error.fields);
      toast.error(task ? 'Failed to update task' : 'Failed to create task', {
        description: errorMessage(error),
      });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(save, showInvalid)}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={task ? 'Edit Task' : 'Create New Task'}
    >
      <fieldset disabled={Boolean(task)}>
        <legend className="mb-1.5 text-sm font-medium">Task type</legend>
        <div className="grid grid-cols-2 gap-1 rounded-control bg-muted p-1">
          {(['text', 'voice'] as const).map((k) => (
            <label
              key={k}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center rounded-control text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                kind === k ? 'bg-card shadow-sm' : 'text-muted-foreground',
              )}
            >
              <input type="radio" value={k} {...register('kind')} className="sr-only" />
              {k === 'text' ? 'Text task' : 'Voice task'}
            </label>
          ))}
        </div>
      </fieldset>

      {!task ? (
        <PartnerSelect
          label="Submissive"
          partners={submissives}
          placeholder="Select a submissive"
          error={errorOf('assignedTo')}
          {...register('assignedTo')}
        />
      ) : null}

      <Field
        label={kind === 'voice' ? 'Title (optional)' : 'Title'}
        maxLength={TASK_TITLE_MAX}
        placeholder={kind === 'voice' ? VOICE_TASK_TITLE : 'What should be done?'}
        error={errorOf('title')}
        {...register('title')}
      />

      {kind === 'text' ? (
        <TextAreaField
          label="Description"
          maxLength={TASK_DESCRIPTION_MAX}
          value={description}
          error={errorOf('description')}
          {...register('description')}
        />
      ) : (
        <div className="space-y-2">
          <p className="text-sm font-medium">Voice note</p>
          {task?.voiceNote && !voice ? (
            <VoicePlayer src={mediaUrl(task.voiceNote)} label="Current voice note" />
          ) : null}
          <VoiceRecorder value={voice} onChange={(v) => setValue('voice', v)} disabled={busy} />
          {errorOf('voiceNoteId') ? (
            <p className="text-sm text-destructive">{errorOf('voiceNoteId')}</p>
          ) : null}
          <Field
            label="Voice note description (optional)"
            maxLength={VOICE_DESCRIPTION_MAX}
            error={errorOf('voiceNoteDescription')}
            {...register('voiceNoteDescription')}
          />
        </div>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Due date"
          type="date"
          min={format(new Date(), 'yyyy-MM-dd')}
          required
          error={errorOf('dueDate')}
          {...register('date')}
        />
        <Field label="Due time" type="time" required {...register('time')} />
      </div>

      <RepeatField
        repeat={repeat}
        days={days}
        onRepeatChange={(value) => setValue('repeat', value)}
        onDaysChange={(value) => setValue('days', value)}
        error={errorOf('repeatConfig')}
      />

      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5 accent-[var(--primary)]"
          {...register('photoProofRequired')}
        />
        Photo proof required
      </label>

      <Field
        label={TASK_AWARD_TEXT.label}
        hint={TASK_AWARD_TEXT.hint}
        error={errorOf('awardPoints')}
        type="number"
        inputMode="numeric"
        step={1}
        min={0}
        max={TASK_AWARD_MAX}
        placeholder="0"
        {...register('awardPoints')}
      />

      <LimitTagPicker
        value={limitTags}
        onChange={(tags) => {
          setRefusal(null);
          setValue('limitTags', tags);
        }}
        custom={customItems}
      />

      <FormAlert>{refusal}</FormAlert>

      <AreasField value={areas} onChange={(next) => setValue('areas', next)} disabled={busy} />

      <UploadProgress progress={media.progress} label="Uploading voice note" />

      <FormAlert>{capRefusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />

      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : task ? 'Save changes' : 'Create Task'}
        busyLabel="Saving…"
      />
    </form>
  );
}
