import { useEffect, useId, useRef } from 'react';
import { AREA_LABELS, AREAS, type Area, CAP_LABELS, type Caps } from '@/shared/domain/caps';
import { SEVERITY_LABELS, type Severity } from '@/shared/domain/punishments';
import { Field } from '@/web/components/ui/field';
import { SelectField } from '@/web/components/ui/form-controls';
import { lazyModule } from '@/web/lib/lazy-module';

/** The caps as the form edits them: numbers as typed (empty: no cap), quiet hours switched on or off. */
export interface CapsDraft {
  maxSeverity: Severity | '';
  timerMinutesPerDay: string;
  openTasks: string;
  proofRequestsPerDay: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  protectedAreas: Area[];
}

const SEVERITY_CHOICES: Severity[] = ['funishment', 'mild', 'moderate', 'severe'];

export const draftOf = (c: Caps): CapsDraft => ({
  maxSeverity: c.maxSeverity ?? '',
  timerMinutesPerDay: c.timerMinutesPerDay === null ? '' : String(c.timerMinutesPerDay),
  openTasks: c.openTasks === null ? '' : String(c.openTasks),
  proofRequestsPerDay: c.proofRequestsPerDay === null ? '' : String(c.proofRequestsPerDay),
  quiet: c.quietHours !== null,
  quietStart: c.quietHours?.start ?? '22:00',
  quietEnd: c.quietHours?.end ?? '07:00',
  protectedAreas: [...c.protectedAreas],
});

const numberOf = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * The shared schema (and zod with it), fetched when the caps are first touched (a press or focus in
 * `CapsFields`) or checked, rather than with the contract page (decision 059): a new contract opens in the
 * editor, and reading or writing its text alone never needs it.
 */
const capsSchema = lazyModule(() => import('@/shared/schemas/caps'));
const prefetchCapsCheck = () => void capsSchema.load().catch(() => {});

/** What the form says when the check's code cannot be fetched (offline, and not yet in the cache). */
export const CAPS_CHECK_UNREACHABLE = 'The caps could not be checked. Check your connection and try again.';

/** The draft checked by the shared schema: the caps, or the first message to show. */
export async function capsOf(d: CapsDraft): Promise<{ caps: Caps } | { error: string }> {
  let capsInput: typeof import('@/shared/schemas/caps').capsInput;
  try {
    ({ capsInput } = await capsSchema.load());
  } catch {
    return { error: CAPS_CHECK_UNREACHABLE };
  }
  const parsed = capsInput.safeParse({
    maxSeverity: d.maxSeverity || null,
    timerMinutesPerDay: numberOf(d.timerMinutesPerDay),
    openTasks: numberOf(d.openTasks),
    proofRequestsPerDay: numberOf(d.proofRequestsPerDay),
    quietHours: d.quiet ? { start: d.quietStart, end: d.quietEnd } : null,
    protectedAreas: d.protectedAreas,
  });
  return parsed.success
    ? { caps: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Please check the caps' };
}

/**
 * The caps' check as a form calls it: a second press while the check's code is still coming sends nothing
 * more (`check` answers null, and `busy` says so).
 */
export function useCapsCheck() {
  const inFlight = useRef(false);
  return {
    busy: () => inFlight.current,
    async check(d: CapsDraft) {
      if (inFlight.current) return null;
      inFlight.current = true;
      try {
        return await capsOf(d);
      } finally {
        inFlight.current = false;
      }
    },
  };
}
/** The caps of a contract, each with "no cap" allowed (decision 057). */
export function CapsFields({
  value,
  onChange,
  disabled,
}: {
  value: CapsDraft;
  onChange: (next: CapsDraft) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  // The first press or focus in the caps fetches their check, so that it is there when the form is sent.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    el.addEventListener('focusin', prefetchCapsCheck, { once: true });
    el.addEventListener('pointerdown', prefetchCapsCheck, { once: true, passive: true });
    return () => {
      el.removeEventListener('focusin', prefetchCapsCheck);
      el.removeEventListener('pointerdown', prefetchCapsCheck);
    };
  }, []);
  const set = <K extends keyof CapsDraft>(key: K, v: CapsDraft[K]) => onChange({ ...value, [key]: v });
  const count = (key: 'timerMinutesPerDay' | 'openTasks' | 'proofRequestsPerDay', max: number) => (
    <Field
      label={CAP_LABELS[key]}
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      step={1}
      placeholder="No cap"
      hint="Leave empty for no cap."
      value={value[key]}
      disabled={disabled}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  return (
    <div ref={root} className="space-y-4" data-testid="caps-fields">
      <SelectField
        label={CAP_LABELS.maxSeverity}
        value={value.maxSeverity}
        disabled={disabled}
        onChange={(e) => set('maxSeverity', e.target.value as Severity | '')}
      >
        <option value="">No cap</option>
        {SEVERITY_CHOICES.map((s) => (
          <option key={s} value={s}>
            {SEVERITY_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {count('timerMinutesPerDay', 1440)}
      {count('openTasks', 100)}
      {count('proofRequestsPerDay', 100)}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{CAP_LABELS.quietHours}</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5 accent-[var(--primary)]"
            checked={value.quiet}
            disabled={disabled}
            onChange={(e) => set('quiet', e.target.checked)}
          />
          Nothing assigned or pushed in these hours (the submissive's time)
        </label>
        {value.quiet ? (
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="From"
              type="time"
              value={value.quietStart}
              disabled={disabled}
              onChange={(e) => set('quietStart', e.target.value)}
            />
            <Field
              label="To"
              type="time"
              value={value.quietEnd}
              disabled={disabled}
              onChange={(e) => set('quietEnd', e.target.value)}
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2" aria-describedby={`${id}-areas`}>
        <legend className="text-sm font-medium">{CAP_LABELS.protectedAreas}</legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1">
          {AREAS.map((area) => (
            <label key={area} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5 accent-[var(--primary)]"
                checked={value.protectedAreas.includes(area)}
                disabled={disabled}
                onChange={(e) =>
                  set(
                    'protectedAreas',
                    AREAS.filter((a) => (a === area ? e.target.checked : value.protectedAreas.includes(a))),
                  )
                }
              />
              {AREA_LABELS[area]}
            </label>
          ))}
        </div>
        <p id={`${id}-areas`} className="text-xs text-muted-foreground">
          No task or punishment marked as touching a protected area can be assigned.
        </p>
      </fieldset>
    </div>
  );
}
