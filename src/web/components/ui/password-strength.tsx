import { passwordPolicyErrors, passwordStrength } from '@/shared/domain/password';
import { cn } from '@/web/lib/cn';

const barColour = {
  Strong: 'bg-success',
  Good: 'bg-primary',
  Fair: 'bg-amber-500',
  Weak: 'bg-destructive',
} as const;

/** The live strength meter and the rules still unmet, announced politely as the user types. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const unmet = passwordPolicyErrors(password);
  return (
    <div className="space-y-1.5" aria-live="polite">
      <div className="flex items-center gap-3">
        <meter
          className="sr-only"
          aria-label="Password strength"
          min={0}
          max={100}
          low={40}
          high={80}
          optimum={100}
          value={strength.score}
          aria-valuetext={`${strength.label} (${strength.score} of 100)`}
        />
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div
            className={cn('h-full transition-all', barColour[strength.label])}
            style={{ width: `${strength.score}%` }}
          />
        </div>
        <span className="w-14 text-right text-xs font-semibold">{strength.label}</span>
      </div>
      {strength.warning ? <p className="text-xs text-muted-foreground">{strength.warning}</p> : null}
      {unmet.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-xs text-muted-foreground">
          {unmet.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
