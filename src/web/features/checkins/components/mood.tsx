import { CHECKIN_MOOD_LABELS, type CheckinMood } from '@/shared/domain/checkins';
import { cn } from '@/web/lib/cn';

/** The dot of each mood: its colour, never its only sign (the label is always beside it). */
export const MOOD_DOT: Record<CheckinMood, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-600',
};

/** A mood as a label with its colour dot. */
export function MoodLabel({ mood, className }: { mood: CheckinMood; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-medium', className)}>
      <span className={cn('h-3 w-3 shrink-0 rounded-full', MOOD_DOT[mood])} aria-hidden />
      {CHECKIN_MOOD_LABELS[mood]}
    </span>
  );
}
