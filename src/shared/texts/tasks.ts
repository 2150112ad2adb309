// What the task screens show of a task's default award and its limit, without zod (decision 059): the
// tasks schema re-exports them. A task's default award: decision 075.

/** A task's default award for each completion: 0 (none) up to this many points. */
export const TASK_AWARD_MAX = 1000;

export const TASK_AWARD_TEXT = {
  label: 'Points for completing (optional)',
  hint: `Awarded once each time it is completed, 0 to ${TASK_AWARD_MAX}. Leave empty or 0 for none.`,
  invalid: `Points for completing must be a whole number from 0 to ${TASK_AWARD_MAX}`,
  /** The reason the ledger shows for the award (entryReason adds the title in quotes). */
  reasonPrefix: 'For completing',
} as const;

/** The small mark on a task with a default award: "+5 points", "+1 point". */
export const taskAwardBadge = (n: number) => `+${n} ${n === 1 ? 'point' : 'points'}`;
