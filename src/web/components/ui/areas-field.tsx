import { useId } from 'react';
import { AREA_LABELS, AREAS, type Area } from '@/shared/domain/caps';

/**
 * "Touches: friends and family / money / work or study / health" (decision 057): the areas a task or a
 * punishment touches, chosen by whoever writes it. Tags only: nothing reads its text. A contract that
 * protects an area refuses what is tagged with it.
 */
export function AreasField({
  value,
  onChange,
  disabled,
}: {
  value: readonly Area[];
  onChange: (next: Area[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">Touches</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1">
        {AREAS.map((area) => (
          <label key={area} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-[var(--primary)]"
              checked={value.includes(area)}
              disabled={disabled}
              onChange={(e) =>
                onChange(AREAS.filter((a) => (a === area ? e.target.checked : value.includes(a))))
              }
            />
            {AREA_LABELS[area]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Mark what this touches. The contract may protect an area from every task and punishment.
      </p>
    </fieldset>
  );
}
