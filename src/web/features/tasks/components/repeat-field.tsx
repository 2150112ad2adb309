import { useId } from 'react';
import type { RepeatFrequency } from '@/shared/domain/schedule';
import { SelectField } from '@/web/components/ui/form-controls';
import { cn } from '@/web/lib/cn';
import { WEEKDAYS } from './task-labels';

export type RepeatChoice = 'none' | RepeatFrequency;

/** "Repeat": none, daily, weekly, monthly, or custom weekdays (Sunday = 0). */
export function RepeatField({
  repeat,
  days,
  onRepeatChange,
  onDaysChange,
  error,
}: {
  repeat: RepeatChoice;
  days: number[];
  onRepeatChange: (repeat: RepeatChoice) => void;
  onDaysChange: (days: number[]) => void;
  /** A problem with the repetition, shown below the choice (and its days). */
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <div className="space-y-1.5">
      <SelectField
        label="Repeat"
        error={repeat === 'custom' ? undefined : error}
        value={repeat}
        onChange={(e) => onRepeatChange(e.target.value as RepeatChoice)}
      >
        <option value="none">Does not repeat</option>
        <option value="daily">Daily</option>
        <option value="weekly">Weekly (on this day)</option>
        <option value="monthly">Monthly (on this date)</option>
        <option value="custom">Custom days</option>
      </SelectField>
      {repeat === 'custom' ? (
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="sr-only">Repeat on</legend>
          <div className="grid grid-cols-7 gap-1">
            {WEEKDAYS.map((day, index) => {
              const on = days.includes(index);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  onClick={() => onDaysChange(on ? days.filter((d) => d !== index) : [...days, index].sort())}
                  className={cn(
                    'h-10 rounded-control border text-xs font-medium',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card',
                  )}
                >
                  {day}
                </button>
              );
            })}
          </div>
          {error ? (
            <p id={errorId} className="mt-1.5 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
