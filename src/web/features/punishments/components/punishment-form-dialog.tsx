import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  formatTimerDuration,
  PUNISHMENT_TEXT_MAX,
  PUNISHMENT_TITLE_MAX,
  SEVERITIES,
  SEVERITY_LABELS,
  TIMER_MAX_MINUTES,
  TIMER_MIN_MINUTES,
} from '@/shared/domain/punishments';
import type { PartnerView } from '@/shared/schemas/partners';
import { type CreatePunishmentInput, VOICE_NOTE_DESCRIPTION_MAX } from '@/shared/schemas/punishments';
import { AreasField } from '@/web/components/ui/areas-field';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { SelectField, TextAreaField } from '@/web/components/ui/form-controls';
import { LimitTagPicker } from '@/web/components/ui/limit-tag-picker';
import { ProofKeepSelect, useKeepChoice } from '@/web/components/ui/proof';
import { UploadProgress } from '@/web/components/ui/upload-progress';
import { VoiceRecorder } from '@/web/components/ui/voice-recorder';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { errorAt, toastFirstError } from '@/web/lib/form-errors';
import { useCustomLimitItems } from '@/web/lib/limits';
import { toast } from '@/web/lib/toast';
import { useMediaUpload } from '@/web/lib/use-media-upload';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useCreatePunishment } from '../api/punishments';
import {
  PUNISHMENT_FORM_ERROR_DETAILS,
  PUNISHMENT_FORM_ERROR_ORDER,
  type PunishmentFormValues,
  punishmentFormDefaults,
  punishmentFormSchema,
} from './punishment-form-schema';

const TITLE = 'Add New Punishment';
const showInvalid = toastFirstError(PUNISHMENT_FORM_ERROR_ORDER, PUNISHMENT_FORM_ERROR_DETAILS);

/** The infraction a punishment is assigned from (decision 066): sent as `infractionId`, named in the dialog. */
export interface PunishmentSource {
  infractionId: string;
  /** What the dialog says it answers: "For: Kneel when I enter v2, Nov 26, 6:07 PM". */
  label: string;
  /** The rule's guideline consequence then, if any: the title (or description) the form opens with. */
  consequence: string | null;
}

/** The dominant's "Add New Punishment" dialog (spec 2 §2, §5), on its own or from an infraction. */
export function PunishmentFormDialog({
  open,
  onOpenChange,
  submissives,
  source = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  submissives: PartnerView[];
  source?: PunishmentSource | null;
}) {
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={TITLE} description={source?.label}>
      <PunishmentForm submissives={submissives} source={source} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function PunishmentForm({
  submissives,
  source,
  onDone,
}: {
  submissives: PartnerView[];
  source: PunishmentSource | null;
  onDone: () => void;
}) {
  const create = useCreatePunishment();
  const media = useMediaUpload();
  const keepChoice = useKeepChoice();
  const key = useWriteKey();
  const [unreachable, setUnreachable] = useState(false);
  // The server's refusal of a tag that crosses a No (decision 056), shown in the form: never whose No.
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's refusal of a field, by its path, shown beside the field as the form's own checks are.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const schema = useMemo(() => punishmentFormSchema(submissives.length > 1), [submissives.length]);
  const form = useForm<PunishmentFormValues, unknown, CreatePunishmentInput>({
    resolver: zodResolver(schema),
    defaultValues: punishmentFormDefaults(
      submissives.map((p) => p.id),
      source?.consequence,
    ),
  });
  const { register, setValue, watch } = form;
  const [timerEnabled, duration, voice, description, reason, notes, areas, limitTags, assignedTo] = watch([
    'timerEnabled',
    'timerDuration',
    'voice',
    'description',
    'reason',
    'notes',
    'areas',
    'limitTags',
    'assignedTo',
  ]);
  const customItems = useCustomLimitItems(assignedTo || submissives[0]?.id);
  // A refusal by the contract's caps is shown in the form, naming the cap (decision 057).
  const [capRefusal, setCapRefusal] = useState<string | null>(null);
  const busy = create.isPending || media.uploading || form.formState.isSubmitting;

  /** The problem to show beside a field (its path in the punishment as checked), in the toast's words of what to do. */
  const errorOf = (path: string) =>
    errorAt(form.formState.errors, serverErrors, path, PUNISHMENT_FORM_ERROR_DETAILS);

  const save = async (input: CreatePunishmentInput) => {
    setServerErrors({});
    setUnreachable(false);
    setCapRefusal(null);
    setRefusal(null);
    try {
      const recording = form.getValues('voice');
      const partnerId = input.assignedTo ?? submissives[0]?.id;
      const voiceNoteId =
        recording && partnerId
          ? (
              await media.upload('audio', recording.blob, {
                partnerId,
                durationMs: recording.durationMs,
                keep: keepChoice.keep,
              })
            ).id
          : null;
      const infractionId = source?.infractionId ?? null;
      await create.mutateAsync({ ...input, voiceNoteId, infractionId, key: key.current });
      key.renew();
      toast.success('Punishment Added', { duration: 2000 });
      onDone();
    } catch (error) {
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError && error.code === 'LIMIT_CROSSED') return setRefusal(error.message);
      // From an infraction: withdrawn or punished meanwhile (409), or gone (404), said in the form.
      if (source && error instanceof ApiError && ['CONFLICT', 'NOT_FOUND'].includes(error.code))
        setRefusal(error.message);
      setCapRefusal(error instanceof ApiError && error.code === 'CAP_EXCEEDED' ? error.message : null);
      if (error instanceof ApiError) setServerErrors(error.fields);
      toast.error('Failed to add punishment', { description: errorMessage(error) });
    }
  };

  const validDuration =
    Number.isInteger(duration) && duration >= TIMER_MIN_MINUTES && duration <= TIMER_MAX_MINUTES;
  return (
    <form
      onSubmit={form.handleSubmit(save, showInvalid)}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={TITLE}
    >
      {submissives.length > 1 ? (
        <SelectField label="Submissive" error={errorOf('assignedTo')} {...register('assignedTo')}>
          <option value="">Select a submissive</option>
          {submissives.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
      ) : null}

      <Field
        label="Title"
        maxLength={PUNISHMENT_TITLE_MAX}
        placeholder="What is the punishment?"
        error={errorOf('title')}
        {...register('title')}
      />

      <TextAreaField
        label="Description (optional)"
        maxLength={PUNISHMENT_TEXT_MAX}
        rows={3}
        value={description}
        error={errorOf('description')}
        {...register('description')}
      />

      <SelectField label="Severity" {...register('severity')}>
        {SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {SEVERITY_LABELS[s]}
          </option>
        ))}
      </SelectField>

      <TextAreaField
        label="Reason"
        maxLength={PUNISHMENT_TEXT_MAX}
        rows={2}
        value={reason}
        error={errorOf('reason')}
        {...register('reason')}
      />
      <TextAreaField
        label="Notes"
        maxLength={PUNISHMENT_TEXT_MAX}
        rows={2}
        value={notes}
        error={errorOf('notes')}
        {...register('notes')}
      />

      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5 accent-[var(--primary)]"
          {...register('aftercareRequired')}
        />
        Aftercare required
      </label>

      <AreasField value={areas} onChange={(next) => setValue('areas', next)} disabled={busy} />

      <label className="flex items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5 accent-[var(--primary)]" {...register('timerEnabled')} />
        Timer
      </label>
      {timerEnabled ? (
        <Field
          label="Timer duration (minutes)"
          type="number"
          inputMode="numeric"
          min={TIMER_MIN_MINUTES}
          max={TIMER_MAX_MINUTES}
          step={1}
          hint={
            validDuration
              ? formatTimerDuration(duration)
              : `${TIMER_MIN_MINUTES} to ${TIMER_MAX_MINUTES} minutes`
          }
          error={errorOf('timerDuration')}
          {...register('timerDuration', { valueAsNumber: true })}
        />
      ) : null}

      <div className="space-y-2">
        <p className="text-sm font-medium">Voice note (optional)</p>
        <VoiceRecorder value={voice} onChange={(v) => setValue('voice', v)} disabled={busy} />
        {voice ? (
          <ProofKeepSelect
            label="Keep this voice note for"
            value={keepChoice.keep}
            onChange={keepChoice.choose}
            disabled={busy}
          />
        ) : null}
        {voice ? (
          <Field
            label="Voice note description (optional)"
            maxLength={VOICE_NOTE_DESCRIPTION_MAX}
            error={errorOf('voiceNoteDescription')}
            {...register('voiceNoteDescription')}
          />
        ) : null}
      </div>

      <LimitTagPicker
        value={limitTags}
        onChange={(tags) => {
          setRefusal(null);
          setValue('limitTags', tags);
        }}
        custom={customItems}
      />

      <FormAlert>{refusal}</FormAlert>

      <UploadProgress progress={media.progress} label="Uploading voice note" />
      <FormAlert>{capRefusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : 'Add Punishment'}
        busyLabel="Saving…"
      />
    </form>
  );
}
