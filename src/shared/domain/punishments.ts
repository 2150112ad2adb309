/**
 * Punishment rules shared by the server and the web app (spec 2, sections 2-5 and 9): severities, the
 * timer's bounds and display, the countdown, and who may do what (`punishmentAbilities`).
 * Instants are epoch milliseconds; the timer's duration is whole minutes (decision 020).
 */

export const SEVERITIES = ['mild', 'moderate', 'severe', 'funishment'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const DEFAULT_SEVERITY: Severity = 'mild';

export const SEVERITY_LABELS: Record<Severity, string> = {
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Severe',
  funishment: 'Funishment',
};

export const TIMER_MIN_MINUTES = 1;
export const TIMER_MAX_MINUTES = 180;
export const TIMER_DEFAULT_MINUTES = 15;

export const PUNISHMENT_TITLE_MAX = 200;
export const PUNISHMENT_TEXT_MAX = 2000;

const MINUTE_MS = 60_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Spec 2 §5: under 60 as minutes, else hours and minutes, singular/plural ("1 hour 5 minutes"). */
export function formatTimerDuration(minutes: number): string {
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

export interface TimerSubject {
  isCompleted: boolean;
  timerEnabled: boolean;
  timerDuration: number;
  timerStartTime: number | null;
  /** What a timer Red stopped had left, while it waits to be started again (decision 049). */
  timerRemainingMs?: number | null;
}

export type TimerState =
  | { kind: 'none' }
  | { kind: 'idle' }
  | { kind: 'paused'; remainingMs: number }
  | { kind: 'running'; remainingMs: number; endsAt: number }
  | { kind: 'done' };

/**
 * Spec 2 §4: a timer counts down while it is enabled, the punishment is not completed and it was started;
 * it ends at start + duration. Before the start it is idle; a completed punishment shows no timer. A timer
 * Red stopped is paused with what it had left until the submissive starts it again (decision 049).
 */
export function timerState(p: TimerSubject, now: number): TimerState {
  if (!p.timerEnabled || p.isCompleted) return { kind: 'none' };
  if (p.timerStartTime === null) {
    return p.timerRemainingMs != null
      ? { kind: 'paused', remainingMs: p.timerRemainingMs }
      : { kind: 'idle' };
  }
  const endsAt = p.timerStartTime + p.timerDuration * MINUTE_MS;
  return now < endsAt ? { kind: 'running', remainingMs: endsAt - now, endsAt } : { kind: 'done' };
}

/**
 * Where a timer's start is put so that it runs on from `remainingMs` at `now` (a paused timer resumed, decision
 * 049): the countdown to start + duration then reads the time it had left. Without a remainder, `now`.
 */
export function timerStartFor(durationMinutes: number, remainingMs: number | null | undefined, now: number) {
  if (remainingMs == null) return now;
  return now - (durationMinutes * MINUTE_MS - Math.min(remainingMs, durationMinutes * MINUTE_MS));
}

/** The countdown as minutes:seconds ("14:59", "180:00"), rounded up to the next whole second. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export interface PunishmentAbilitySubject extends TimerSubject {
  assignedTo: string;
  dominantId: string;
  submissiveId: string;
  feedback: string | null;
  /** A request waiting for the submissive, or paused by a limit (decision 056): inert until then. */
  limitState?: 'requested' | 'paused' | null;
}

export interface PunishmentViewer {
  id: string;
  /** The role this session acts in (a Switch's chosen role); null until chosen. */
  actingRole: 'dominant' | 'submissive' | null;
}

export interface PunishmentAbilities {
  asDominant: boolean;
  asSubmissive: boolean;
  /** Mark it complete now: its dominant, or its submissive once (spec 2 §4). */
  complete: boolean;
  /** Only the dominant takes a completion back. */
  uncomplete: boolean;
  /** The completion checkbox is shown: always to the dominant; to the submissive once completed. */
  showCheckbox: boolean;
  /** ...and it is theirs to change: the dominant's only, so the submissive can never uncheck it. */
  checkboxEnabled: boolean;
  /** The submissive starts an enabled timer of a pending punishment (or resumes a paused one), unless it runs. */
  startTimer: boolean;
  /** The dominant gives feedback on a completed punishment only. */
  giveFeedback: boolean;
  /** The dominant mails feedback that has been given. */
  emailFeedback: boolean;
  /** The dominant changes its limit tags or deletes it while it is open (decision 056). */
  editTags: boolean;
  delete: boolean;
  /** Accept or decline it: the submissive, while it is a request (decision 056). */
  answerRequest: boolean;
}

/**
 * What a viewer may do with a punishment. The one rule for both sides: the server's policy refuses what
 * this denies, and the screens offer only what it allows.
 */
export function punishmentAbilities(
  p: PunishmentAbilitySubject,
  viewer: PunishmentViewer,
  now: number,
): PunishmentAbilities {
  const asDominant = viewer.actingRole === 'dominant' && viewer.id === p.dominantId;
  const asSubmissive =
    viewer.actingRole === 'submissive' && viewer.id === p.submissiveId && viewer.id === p.assignedTo;
  const timer = timerState(p, now);
  // A request or a paused punishment is inert: no timer, no completion, until it is accepted or edited free.
  const inert = Boolean(p.limitState);
  return {
    asDominant,
    asSubmissive,
    complete: !p.isCompleted && !inert && (asDominant || asSubmissive),
    uncomplete: p.isCompleted && asDominant,
    showCheckbox: asDominant || (asSubmissive && p.isCompleted),
    checkboxEnabled: asDominant,
    startTimer: asSubmissive && !inert && timer.kind !== 'running' && timer.kind !== 'none',
    giveFeedback: asDominant && p.isCompleted,
    emailFeedback: asDominant && p.feedback !== null,
    editTags: asDominant && !p.isCompleted,
    delete: asDominant && !p.isCompleted,
    answerRequest: asSubmissive && p.limitState === 'requested',
  };
}
