import { type FormEvent, useId, useState } from 'react';
import { CLOCK_TIME } from '@/shared/domain/clock-time';
import type { RitualView } from '@/shared/schemas/rituals';
import {
  RITUAL_AWARD_MAX,
  RITUAL_NAME_MAX,
  RITUAL_STEP_MAX,
  RITUAL_STEPS_MAX,
  RITUALS_TEXT,
  RITUALS_PAGE_TEXT as TEXT,
  WEEKDAY_LONG,
  WEEKDAY_SHORT,
} from '@/shared/texts/rituals';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { byFirstSegment, placeServerErrors } from '@/web/lib/form-errors';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useSaveRitual } from '../api/rituals';

type FieldName = 'name' | 'steps' | 'days' | 'time' | 'award';
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: FieldName[] = ['name', 'steps', 'days', 'time', 'award'];

/** The dominant's "New ritual" / "Edit ritual": a name, steps, the days, a time and an award (decision 074). */
export function RitualFormDialog({
  open,
  onOpenChange,
  partnerId,
  ritual,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
  /** The ritual to edit; null for a new one. */
  ritual: RitualView | null;
}) {
  const title = ritual ? TEXT.editTitle : TEXT.addTitle;
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={title}>
      <RitualForm title={title} partnerId={partnerId} ritual={ritual} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

/** What the form finds wrong before it sends, in the API's words. */
function check(name: string, steps: string[], days: number[], time: string, award: string): Errors {
  const found: Errors = {};
  const n = Number(award || '0');
  if (!name.trim()) found.name = RITUALS_TEXT.nameRequired;
  else if (name.trim().length > RITUAL_NAME_MAX) found.name = RITUALS_TEXT.nameTooLong;
  if (steps.length > RITUAL_STEPS_MAX) found.steps = RITUALS_TEXT.tooManySteps;
  else if (steps.some((s) => s.length > RITUAL_STEP_MAX)) found.steps = RITUALS_TEXT.stepTooLong;
  if (days.length === 0) found.days = RITUALS_TEXT.daysRequired;
  if (!CLOCK_TIME.test(time)) found.time = RITUALS_TEXT.timeInvalid;
  if (!(Number.isInteger(n) && n >= 0 && n <= RITUAL_AWARD_MAX)) found.award = RITUALS_TEXT.awardInvalid;
  return found;
}

function RitualForm({
  title: formTitle,
  partnerId,
  ritual,
  onDone,
}: {
  title: string;
  partnerId: string;
  ritual: RitualView | null;
  onDone: () => void;
}) {
  const save = useSaveRitual(partnerId);
  const key = useWriteKey();
  const daysId = useId();
  const [name, setName] = useState(ritual?.name ?? '');
  const [steps, setSteps] = useState(ritual?.steps.join('\n') ?? '');
  const [days, setDays] = useState<number[]>(ritual?.days ?? [1, 2, 3, 4, 5, 6, 7]);
  const [time, setTime] = useState(ritual?.time ?? '08:00');
  const [award, setAward] = useState(ritual ? String(ritual.award) : '0');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = save.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    const stepList = steps
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    const found = check(name, stepList, days, time, award);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = { name: name.trim(), steps: stepList, days, time, award: Number(award || '0') };
    try {
      await save.mutateAsync({
        id: ritual?.id ?? null,
        key: key.current,
        input: ritual ? fields : { ...fields, partnerId },
      });
      key.renew();
      toast.success(ritual ? RITUALS_TEXT.saved : RITUALS_TEXT.created);
      onDone();
    } catch (error) {
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed: Errors = placeServerErrors(error.fields, byFirstSegment(FIELDS));
        setErrors(placed);
        if (Object.keys(placed).length === 0) setRefusal(error.message);
      }
      toast.error(TEXT.saveFailed, { description: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={formTitle}
    >
      <Field
        label={TEXT.name}
        value={name}
        maxLength={RITUAL_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
      />
      <TextAreaField
        label={TEXT.steps}
        hint={TEXT.stepsHint}
        value={steps}
        rows={3}
        onChange={(e) => setSteps(e.target.value)}
        error={errors.steps}
      />
      <fieldset
        className="space-y-2"
        aria-describedby={errors.days ? `${daysId}-error` : undefined}
        aria-invalid={errors.days ? true : undefined}
      >
        <legend className="text-sm font-medium">{TEXT.days}</legend>
        <div className="grid grid-cols-4 gap-x-2 gap-y-1 sm:grid-cols-7">
          {WEEKDAY_LONG.map((long, i) => (
            <label key={long} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5 accent-[var(--primary)]"
                checked={days.includes(i + 1)}
                disabled={busy}
                onChange={(e) =>
                  setDays((now) =>
                    e.target.checked ? [...now, i + 1].sort((a, b) => a - b) : now.filter((d) => d !== i + 1),
                  )
                }
              />
              <span aria-hidden>{WEEKDAY_SHORT[i]}</span>
              <span className="sr-only">{long}</span>
            </label>
          ))}
        </div>
        {errors.days ? (
          <p id={`${daysId}-error`} className="text-sm text-destructive">
            {errors.days}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={TEXT.time}
        type="time"
        value={time}
        onChange={(e) => setTime(e.target.value)}
        error={errors.time}
        required
      />
      <Field
        label={TEXT.award}
        hint={TEXT.awardHint}
        type="number"
        inputMode="numeric"
        step={1}
        min={0}
        max={RITUAL_AWARD_MAX}
        value={award}
        onChange={(e) => setAward(e.target.value)}
        error={errors.award}
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : ritual ? TEXT.save : TEXT.create}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
