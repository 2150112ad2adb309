import { z } from 'zod';
import { AREAS, type Area, CAP_COUNT_MAX, CAP_MINUTES_MAX, type Caps, normalizeCaps } from '../domain/caps';
import { SEVERITIES } from '../domain/punishments';
import { clockTime } from './push';

export const CAPS_MESSAGES = {
  area: 'An area is friends_family, money, work_study or health',
  areas: 'Areas must be a list of at most 4 areas',
  severity: 'The highest severity is funishment, mild, moderate, severe or null',
  sameTimes: 'Quiet hours must start and end at different times',
} as const;

const count = (label: string, max: number) =>
  z
    .int({ error: `${label} must be a whole number or null` })
    .min(0, `${label} must be from 0 to ${max}`)
    .max(max, `${label} must be from 0 to ${max}`)
    .nullable();

/** The areas a task or punishment touches ("Touches: …"), each once, in the catalogue's order. */
export const areasField = z
  .array(z.enum(AREAS, { error: CAPS_MESSAGES.area }), { error: CAPS_MESSAGES.areas })
  .max(AREAS.length, CAPS_MESSAGES.areas)
  .default([])
  .transform((list): Area[] => AREAS.filter((a) => list.includes(a)));

/** A contract's caps as a form sends them (decision 057): every cap given, null for "no cap". */
export const capsInput = z
  .object(
    {
      maxSeverity: z.enum(SEVERITIES, { error: CAPS_MESSAGES.severity }).nullable(),
      timerMinutesPerDay: count('Timer minutes a day', CAP_MINUTES_MAX),
      openTasks: count('Open tasks', CAP_COUNT_MAX),
      proofRequestsPerDay: count('Proof requests a day', CAP_COUNT_MAX),
      quietHours: z
        .object(
          { start: clockTime, end: clockTime },
          { error: 'Quiet hours must be a start and an end, or null' },
        )
        .refine((q) => q.start !== q.end, { message: CAPS_MESSAGES.sameTimes, path: ['end'] })
        .nullable(),
      protectedAreas: areasField,
    },
    { error: 'Caps must be an object' },
  )
  .transform((c): Caps => normalizeCaps(c));
export type CapsInput = z.input<typeof capsInput>;

/** POST /api/contracts/:id/caps/lower: the submissive's caps, each at or below what is in force. */
export const lowerCapsInput = z.object({ caps: capsInput });

/** What the contract page shows of the caps: the version's, and what the server enforces now. */
export interface ContractCapsView {
  /** The caps written into the version shown (signed or not). */
  version: Caps;
  /** What is in force: the last version both signed, with the submissive's lowerings since. */
  inForce: Caps;
}
