import type { RepeatConfig } from '@/shared/domain/schedule';
import { formatMoment, formatMomentFrom } from '@/web/lib/dates';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function repeatLabel(config: RepeatConfig | null): string | null {
  if (!config) return null;
  switch (config.frequency) {
    case 'daily':
      return 'Daily';
    case 'weekly':
      return 'Weekly';
    case 'monthly':
      return 'Monthly';
    case 'custom':
      return (config.daysOfWeek ?? []).map((d) => WEEKDAYS[d]).join(', ');
  }
}

export const formatDue = (at: number) => formatMoment(at);

/** A due date, with the time in the assigner's zone when the clock there reads otherwise (decision 087). */
export const formatDueFrom = (at: number, zone: string) => formatMomentFrom(at, zone);

/** How late, shortly: "40 s", "5 min", "3 h", "2 days". */
export function lateness(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}
