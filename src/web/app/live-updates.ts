import { taskChangedInPlace, taskDeletedInPlace } from '@/web/features/tasks/use-task-realtime';
import { queryKeys } from '@/web/lib/query-keys';
import type { LiveUpdateTable } from '@/web/lib/realtime';

/** Every contract query but a saved version's, which never changes. */
const contracts = { refresh: queryKeys.contracts, except: (key: readonly unknown[]) => key[1] === 'version' };
const taskHistory = { refresh: queryKeys.taskHistory };
/** How the weeks went (decision 071): a completion, its feedback or a change of points counts in it. */
const weeks = { refresh: queryKeys.allWeeks };
/** The calendar (decision 086) shows tasks, punishment timers and ritual days: a change to any reads it again. */
const calendar = { refresh: queryKeys.allCalendar };

/**
 * What each server event changes in the browser's cache, in one place (decision 048), carried out on every
 * signed-in page (the layout's effects). A feature adds its rows here rather than listeners of its own.
 * Spec 2 §4: a change to any row of a list reloads it; a task is put in place instead (decision 045).
 */
export const LIVE_UPDATES: LiveUpdateTable = {
  // The notification centre's pages (decision 083); the bell reads its own list and says what is new.
  'notification.created': [{ refresh: queryKeys.allNotificationPages }],
  'notification.read': [{ refresh: queryKeys.allNotificationPages }],
  'task.changed': [taskChangedInPlace, taskHistory, calendar],
  'task.deleted': [taskDeletedInPlace, taskHistory, calendar],
  'task_completion.changed': [taskHistory, weeks],
  'punishment.changed': [{ refresh: queryKeys.punishments }, calendar],
  // The Limits page shows the caps in force beside the lists (decision 057).
  'contract.changed': [contracts, { refresh: queryKeys.limits }],
  // Red moves due times and pauses timers (decision 049): the calendar shows both.
  'pair.stop_changed': [{ refresh: queryKeys.stops }, calendar],
  // The open check-ins, their history and the cadence: one key holds the three (decision 052).
  'pair.checkin_changed': [{ refresh: queryKeys.checkins }],
  'aftercare.changed': [{ refresh: queryKeys.aftercare }],
  'limits.changed': [{ refresh: queryKeys.limits }],
  'negotiation.changed': [{ refresh: queryKeys.negotiation }],
  // A rule written, changed, acknowledged or retired: its list and its versions (decision 064).
  'rule.changed': [{ refresh: queryKeys.allRules }],
  // An infraction logged, contested, withdrawn or punished: its list, and the punishments, whose card names
  // the infraction it answers (decision 066).
  'infraction.changed': [{ refresh: queryKeys.allInfractions }, { refresh: queryKeys.punishments }],
  // An award, a correction, a reward added, changed or retired, a redemption asked for or decided: the
  // ledger with its balance, the catalogue and the requests, one key for the three (decision 068).
  // How the weeks went counts points earned and spent too (decision 071).
  'points.changed': [{ refresh: queryKeys.allPoints }, weeks],
  // A partner's encryption key, or a pair's keys, changed (decision 100): read again and settled.
  'keys.changed': [{ refresh: queryKeys.allKeys }],
  // A new pair starts with its first negotiation to go through (decision 058).
  'partner.connected': [{ refresh: queryKeys.negotiation }],
  'pair.ended': [
    { refresh: queryKeys.tasks },
    taskHistory,
    { refresh: queryKeys.punishments },
    contracts,
    { refresh: queryKeys.stops },
    { refresh: queryKeys.checkins },
    { refresh: queryKeys.aftercare },
    { refresh: queryKeys.limits },
    { refresh: queryKeys.negotiation },
    { refresh: queryKeys.allRules },
    { refresh: queryKeys.allInfractions },
    weeks,
    { refresh: queryKeys.allPermissions },
    { refresh: queryKeys.allPoints },
    { refresh: queryKeys.allRituals },
    calendar,
  ],
  // A proof expired or deleted by its sender (decision 076): every list that shows one reads again.
  'proof.removed': [
    { refresh: queryKeys.tasks },
    taskHistory,
    { refresh: queryKeys.punishments },
    { refresh: queryKeys.allJournal },
  ],
  // A request asked, granted, denied or withdrawn (decision 073).
  'permission.changed': [{ refresh: queryKeys.allPermissions }],
  // A ritual set, changed or retired, or a day marked (decision 074): the lists, and how the weeks went,
  // which counts the days kept.
  'ritual.changed': [{ refresh: queryKeys.allRituals }, weeks, calendar],
};
