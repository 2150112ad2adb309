import { Badge } from '@/web/components/ui/badge';
import { lateness } from './task-labels';

/** "On time", or "Late" with how late, for a completion; nothing when it is not known. */
export function TimingBadge({
  onTime,
  latenessSeconds,
}: {
  onTime: boolean | null;
  latenessSeconds: number | null;
}) {
  if (onTime === null) return null;
  return onTime ? (
    <Badge className="bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300">On time</Badge>
  ) : (
    <Badge className="bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300">
      Late{latenessSeconds ? ` · ${lateness(latenessSeconds)}` : ''}
    </Badge>
  );
}
