import { ShieldAlert } from 'lucide-react';

/**
 * The server's refusal of a task or punishment tagged with a limit one of the pair said No to (decision
 * 056), shown in the form where the tags are: the server's own words, which never say whose No it is.
 */
export function LimitRefusal({ message }: { message: string | null }) {
  // Only while there is something to say: an empty alert would be one more alert in the form.
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground"
    >
      <ShieldAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-destructive" />
      <span>{message}</span>
    </p>
  );
}
