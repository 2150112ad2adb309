/**
 * Task rules shared by the server and the web app (spec 2, sections 2-4 and 9): completion timing, which
 * tasks the Tasks page and the Dashboard show, the Dashboard colour, the due display, and reminder windows.
 * Days are calendar days in the viewer's IANA time zone; instants are epoch milliseconds.
 */
import { localDayDiff, localTimeOfDay, type RepeatConfig, startOfLocalDay } from './schedule';

export const TASK_TYPES = ['assigned', 'above_and_beyond'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const ABOVE_AND_BEYOND_TITLE_MAX = 100;
export const ABOVE_AND_BEYOND_DETAILS_MAX = 500;
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 2000;
export const FEEDBACK_MAX = 2000;
export const DASHBOARD_TASKS = 5;

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const SEVEN_AM_MS = 7 * 60 * 60 * 1000;

/** On time when completed at or before the due moment; lateness in whole seconds, 0 when on time. */
export function completionTiming(
  due: number,
  completedAt: number,
): { onTime: boolean; latenessSeconds: number } {
  const onTime = completedAt <= due;
  return { onTime, latenessSeconds: onTime ? 0 : Math.floor((completedAt - due) / 1000) };
}

/** The minimal task shape the rules need (client view fields). */
export interface TaskState {
  isCompleted: boolean;
  taskType: TaskType;
  repeatConfig: RepeatConfig | null;
  dueDate: number;
  feedback: string | null;
  feedbackAcknowledged: boolean;
  /** A request or a paused task (decision 056) is inert: never due, never past due, never reminded. */
  limitState?: 'requested' | 'paused' | null;
}

/** Feedback counts once it has visible text (the feedback form refuses blank text anyway). */
function hasFeedback(task: TaskState): boolean {
  return task.feedback !== null && task.feedback.trim().length > 0;
}

/**
 * Active Tasks list (spec 2): not complete -> shown; completed above_and_beyond -> dominant: until feedback
 * exists; submissive: until feedback exists AND is acknowledged; completed repeating -> shown while its
 * (rolled) dueDate is in the future; completed non-repeating assigned -> hidden.
 */
export function isVisibleInActiveList(
  task: TaskState,
  role: 'dominant' | 'submissive',
  now: number,
): boolean {
  if (!task.isCompleted) return true;
  if (task.taskType === 'above_and_beyond') {
    return role === 'dominant' ? !hasFeedback(task) : !(hasFeedback(task) && task.feedbackAcknowledged);
  }
  if (task.repeatConfig !== null) return task.dueDate > now;
  return false;
}

export type DashboardColour =
  | 'completed'
  | 'overdue'
  | 'due-today'
  | 'later'
  | 'on-hold'
  | 'requested'
  | 'paused';

/**
 * Dashboard: completed (non-repeating) -> 'completed' (green); due day before today -> 'overdue' (red); due
 * today -> 'due-today' (orange); otherwise 'later' (amber). Days in timeZone. A completed repeating task has
 * a next date, so it is coloured by that (rolled) due date. While Red holds the pair, an open task that was not
 * yet due when it was called is 'on-hold' (grey).
 */
export function dashboardColour(
  task: TaskState,
  now: number,
  timeZone: string,
  /** When Red stopped the task's pair, if it holds it (decision 049). */
  stoppedSince: number | null = null,
): DashboardColour {
  if (task.isCompleted && task.repeatConfig === null) return 'completed';
  if (!task.isCompleted && task.limitState) return task.limitState;
  if (!task.isCompleted && stoppedSince !== null && task.dueDate >= stoppedSince) return 'on-hold';
  const days = localDayDiff(task.dueDate, now, timeZone);
  if (days < 0) return 'overdue';
  if (days === 0) return 'due-today';
  return 'later';
}

/** Dashboard list: hides completed non-repeating tasks and completed repeating tasks whose dueDate has passed. */
export function isVisibleOnDashboard(task: TaskState, now: number): boolean {
  if (!task.isCompleted) return true;
  return task.repeatConfig !== null && task.dueDate > now;
}

export type DueStatus = 'past-due' | 'due-today' | 'upcoming' | 'on-hold';

/**
 * Card due display: past due (due moment passed), due today (later today), due tomorrow or later -> upcoming.
 * The due moment itself is not yet past, matching completionTiming (completing at the due moment is on time).
 * While the pair is stopped, a task that was not yet due when Red was called is on hold.
 */
export function dueStatus(
  due: number,
  now: number,
  timeZone: string,
  /** When the task's pair was stopped by Red, if it is (decision 049): its time does not run. */
  stoppedSince: number | null = null,
): DueStatus {
  // Time stopped never counts: a task not yet due when Red was called is on hold until the lift moves it on.
  if (stoppedSince !== null && due >= stoppedSince) return 'on-hold';
  if (now > due) return 'past-due';
  return localDayDiff(due, now, timeZone) === 0 ? 'due-today' : 'upcoming';
}

/** When a completed repeating task reopens for its next cycle: the start of its (rolled) due date's local day. */
export function cycleReopensAt(rolledDue: number, timeZone: string): number {
  return startOfLocalDay(rolledDue, timeZone);
}

/**
 * Is `now` within 1 minute (strictly, either side) of the moment 2 hours before `due`? The check runs every
 * 60 s, so a window of this width can match on two consecutive checks: callers remember what they reminded.
 */
export function isTwoHourReminderDue(due: number, now: number): boolean {
  return Math.abs(now - (due - TWO_HOURS_MS)) < MINUTE_MS;
}

/** How late the server's reminder job may still send a reminder it missed (a restart, a skipped minute). */
export const REMINDER_CATCH_UP_MS = 10 * MINUTE_MS;

/**
 * The due dates whose two-hour reminder the server sends at `now` (exclusive bounds): those the open page
 * reminds of in this minute (isTwoHourReminderDue), and those whose minute passed up to
 * REMINDER_CATCH_UP_MS ago. The server remembers each reminder it sent, so overlapping runs send it once.
 */
export function twoHourReminderDueRange(now: number): { after: number; before: number } {
  return { after: now + TWO_HOURS_MS - REMINDER_CATCH_UP_MS, before: now + TWO_HOURS_MS + MINUTE_MS };
}

/** Is `now` within the 07:00 local minute (07:00:00.000 .. 07:00:59.999) in `timeZone`? */
export function isMorningReminderMinute(now: number, timeZone: string): boolean {
  const timeOfDay = localTimeOfDay(now, timeZone);
  return timeOfDay >= SEVEN_AM_MS && timeOfDay < SEVEN_AM_MS + MINUTE_MS;
}

/** Tasks due today (local day of now in tz), not completed: count for the morning toast. */
export function countDueToday(tasks: TaskState[], now: number, timeZone: string): number {
  let count = 0;
  for (const task of tasks) {
    if (!task.isCompleted && !task.limitState && localDayDiff(task.dueDate, now, timeZone) === 0) count++;
  }
  return count;
}

/** Who is looking at a task, and the two members of the task's pair. */
export interface TaskViewer {
  id: string;
  /** The role this session acts in (a Switch's chosen role); null until chosen. */
  actingRole: 'dominant' | 'submissive' | null;
}

export interface TaskAbilitySubject {
  taskType: TaskType;
  isCompleted: boolean;
  assignedTo: string;
  /** The pair's dominant and submissive. */
  dominantId: string;
  submissiveId: string;
  /** A request waiting for the submissive, or paused by a limit (decision 056): inert until then. */
  limitState?: 'requested' | 'paused' | null;
}

export interface TaskAbilities {
  /** Acts as this pair's dominant in this session. */
  asDominant: boolean;
  /** Acts as this pair's submissive in this session. */
  asSubmissive: boolean;
  edit: boolean;
  delete: boolean;
  /** Complete it now: the assignee, or their dominant on their behalf. */
  complete: boolean;
  /** Completing it as the dominant, on the submissive's behalf (no proof asked). */
  completesOnBehalf: boolean;
  giveFeedback: boolean;
  /** Accept or decline it: the submissive, while it is a request (decision 056). */
  answerRequest: boolean;
}

/**
 * What a viewer may do with a task (spec 2 §4). The one rule for both sides: the server's policy refuses
 * what this denies, and the task screens offer only what it allows.
 */
export function taskAbilities(task: TaskAbilitySubject, viewer: TaskViewer): TaskAbilities {
  const asDominant = viewer.actingRole === 'dominant' && viewer.id === task.dominantId;
  const asSubmissive = viewer.actingRole === 'submissive' && viewer.id === task.submissiveId;
  // A request or a paused task is inert: nobody completes it until it is accepted or edited free.
  const open = !task.isCompleted && !task.limitState;
  return {
    asDominant,
    asSubmissive,
    edit: asDominant && task.taskType === 'assigned',
    delete: asDominant,
    complete: open && (asDominant || (asSubmissive && task.assignedTo === viewer.id)),
    completesOnBehalf: open && asDominant,
    giveFeedback: asDominant && task.isCompleted,
    answerRequest: asSubmissive && task.limitState === 'requested',
  };
}

/** What a viewer may do with a history entry: feedback by the dominant, acknowledgement by the submissive. */
export function completionAbilities(
  entry: {
    taskType: TaskType;
    feedback: string | null;
    feedbackAcknowledged: boolean;
    dominantId: string;
    submissiveId: string;
  },
  viewer: TaskViewer,
) {
  const asDominant = viewer.actingRole === 'dominant' && viewer.id === entry.dominantId;
  const asSubmissive = viewer.actingRole === 'submissive' && viewer.id === entry.submissiveId;
  return {
    asDominant,
    asSubmissive,
    giveFeedback: asDominant,
    acknowledge:
      asSubmissive &&
      entry.taskType === 'above_and_beyond' &&
      entry.feedback !== null &&
      !entry.feedbackAcknowledged,
  };
}
