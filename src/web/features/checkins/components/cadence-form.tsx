import { useId, useState } from 'react';
import { type CadenceFrequency, describeCadence, WEEKDAY_NAMES } from '@/shared/domain/checkins';
import type { CadenceView } from '@/shared/schemas/checkins';
import { Button } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/form-controls';
import { errorMessage } from '@/web/lib/api';
import { formatMoment } from '@/web/lib/dates';
import { browserTimeZone } from '@/web/lib/time-zone';
import { toast } from '@/web/lib/toast';
import { useSetCadence } from '../api/checkins';

export const CADENCE_TEXT = {
  frequency: 'Check-ins',
  weekday: 'Day',
  time: 'Time',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Check-ins saved',
  failed: "Couldn't save the check-ins. Try again.",
  never: 'Nobody has set check-ins for the two of you yet.',
  setBy: (who: string, when: string, zone: string | null) =>
    `Set by ${who} on ${when}${zone ? ` (${zone} time)` : ''}.`,
  next: (when: string) => `Next check-in: ${when}.`,
  options: { off: 'Off', daily: 'Daily', weekly: 'Weekly' } satisfies Record<CadenceFrequency, string>,
} as const;

/**
 * One pair's cadence (decision 052): off, daily or weekly at a time, kept in the zone of whoever sets it.
 * Either partner sets it or turns it off; both read who set it last and when.
 */
export function CadenceForm({ cadence, partnerName }: { cadence: CadenceView; partnerName: string }) {
  const [frequency, setFrequency] = useState<CadenceFrequency>(cadence.frequency);
  const [weekday, setWeekday] = useState(cadence.weekday ?? 0);
  const [time, setTime] = useState(cadence.time);
  const save = useSetCadence();
  const timeId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        partnerId: cadence.partnerId,
        frequency,
        ...(frequency === 'weekly' ? { weekday } : {}),
        time,
        timeZone: browserTimeZone(),
      },
      {
        onSuccess: () => toast.success(CADENCE_TEXT.saved),
        onError: (error) => toast.error(errorMessage(error, CADENCE_TEXT.failed)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={`Check-ins with ${partnerName}`}>
      <p className="text-sm" data-testid="cadence-now">
        <span className="font-medium">{describeCadence(cadence)}</span>
        {cadence.setAt !== null ? (
          <span className="text-muted-foreground">
            {' '}
            {CADENCE_TEXT.setBy(
              cadence.setByMe ? 'you' : partnerName,
              formatMoment(cadence.setAt),
              cadence.frequency === 'off' ? null : cadence.timeZone,
            )}
          </span>
        ) : (
          <span className="text-muted-foreground"> {CADENCE_TEXT.never}</span>
        )}
        {cadence.nextAt !== null ? (
          <span className="block text-muted-foreground">
            {CADENCE_TEXT.next(formatMoment(cadence.nextAt))}
          </span>
        ) : null}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label={CADENCE_TEXT.frequency}
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as CadenceFrequency)}
        >
          {(['off', 'daily', 'weekly'] as const).map((f) => (
            <option key={f} value={f}>
              {CADENCE_TEXT.options[f]}
            </option>
          ))}
        </SelectField>
        {frequency === 'weekly' ? (
          <SelectField
            label={CADENCE_TEXT.weekday}
            value={weekday}
            onChange={(e) => setWeekday(Number(e.target.value))}
          >
            {WEEKDAY_NAMES.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {frequency !== 'off' ? (
          <div className="space-y-1.5">
            <label htmlFor={timeId} className="block text-sm font-medium">
              {CADENCE_TEXT.time}
            </label>
            <input
              id={timeId}
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className="h-11 w-full rounded-control border border-input bg-card px-3"
            />
          </div>
        ) : null}
      </div>
      <Button type="submit" disabled={save.isPending || (frequency !== 'off' && !time)}>
        {save.isPending ? CADENCE_TEXT.saving : CADENCE_TEXT.save}
      </Button>
    </form>
  );
}
