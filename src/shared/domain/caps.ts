/**
 * Bounded authority (issue 23, item 3; decision 057): the caps a contract version carries and the rules
 * that compare them. Shared by the server's guard and the contract page. Pure: no clock, no database.
 */

import { SEVERITY_LABELS, type Severity } from './punishments';
import { minutesOf } from './push';

/** The areas a task or punishment may be tagged as touching; a contract may protect any of them. */
export const AREAS = ['friends_family', 'money', 'work_study', 'health'] as const;
export type Area = (typeof AREAS)[number];

export const AREA_LABELS: Record<Area, string> = {
  friends_family: 'friends and family',
  money: 'money',
  work_study: 'work or study',
  health: 'health',
};

/** Severities from the lightest to the heaviest: a cap allows its own and every lighter one. */
export const SEVERITY_ORDER: readonly Severity[] = ['funishment', 'mild', 'moderate', 'severe'];

export const CAP_COUNT_MAX = 100;
export const CAP_MINUTES_MAX = 1440;

export interface CapQuietHours {
  start: string;
  end: string;
}

/** A contract's caps: null is "no cap"; an empty list protects no area. */
export interface Caps {
  maxSeverity: Severity | null;
  timerMinutesPerDay: number | null;
  openTasks: number | null;
  proofRequestsPerDay: number | null;
  quietHours: CapQuietHours | null;
  protectedAreas: Area[];
}

export type CapName = Exclude<keyof Caps, 'protectedAreas'> | 'protectedAreas';

export const NO_CAPS: Caps = {
  maxSeverity: null,
  timerMinutesPerDay: null,
  openTasks: null,
  proofRequestsPerDay: null,
  quietHours: null,
  protectedAreas: [],
};

/** Caps as stored (a version written before caps, or a partial object) made whole, areas in their order. */
export function normalizeCaps(raw: Partial<Caps> | null | undefined): Caps {
  const c = raw ?? {};
  return {
    maxSeverity: c.maxSeverity ?? null,
    timerMinutesPerDay: c.timerMinutesPerDay ?? null,
    openTasks: c.openTasks ?? null,
    proofRequestsPerDay: c.proofRequestsPerDay ?? null,
    quietHours: c.quietHours ? { start: c.quietHours.start, end: c.quietHours.end } : null,
    protectedAreas: AREAS.filter((a) => c.protectedAreas?.includes(a)),
  };
}

export const sameCaps = (a: Caps, b: Caps) =>
  JSON.stringify(normalizeCaps(a)) === JSON.stringify(normalizeCaps(b));

const DAY_MINUTES = 24 * 60;

/** The minutes of the day quiet hours cover, from `start` (included) to `end` (excluded), across midnight. */
function quietMinutes(q: CapQuietHours | null): boolean[] {
  const covered = new Array<boolean>(DAY_MINUTES).fill(false);
  if (!q) return covered;
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  for (let m = start; m !== end; m = (m + 1) % DAY_MINUTES) covered[m] = true;
  return covered;
}

const countAtMost = (next: number | null, current: number | null) =>
  current === null || (next !== null && next <= current);

const rank = (s: Severity | null) => (s === null ? SEVERITY_ORDER.length : SEVERITY_ORDER.indexOf(s));

/**
 * The caps `next` would raise over `current` (an empty list when `next` allows nothing more anywhere): a
 * higher or removed number, a heavier severity, quiet hours that no longer cover every minute they did,
 * a protected area taken away.
 */
export function raisedCaps(next: Caps, current: Caps): CapName[] {
  const raised: CapName[] = [];
  if (rank(next.maxSeverity) > rank(current.maxSeverity)) raised.push('maxSeverity');
  if (!countAtMost(next.timerMinutesPerDay, current.timerMinutesPerDay)) raised.push('timerMinutesPerDay');
  if (!countAtMost(next.openTasks, current.openTasks)) raised.push('openTasks');
  if (!countAtMost(next.proofRequestsPerDay, current.proofRequestsPerDay)) raised.push('proofRequestsPerDay');
  const nextQuiet = quietMinutes(next.quietHours);
  if (quietMinutes(current.quietHours).some((q, m) => q && !nextQuiet[m])) raised.push('quietHours');
  if (current.protectedAreas.some((a) => !next.protectedAreas.includes(a))) raised.push('protectedAreas');
  return raised;
}

/**
 * The tighter of two caps, field by field: what a version written before the submissive's last lowering
 * may bring into force (it never undoes that lowering; decision 057). Quiet hours: the ones that cover the
 * other, else those in force.
 */
export function tighterCaps(version: Caps, inForce: Caps): Caps {
  const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  const vQuiet = quietMinutes(version.quietHours);
  const versionCovers = quietMinutes(inForce.quietHours).every((q, m) => !q || vQuiet[m]);
  return normalizeCaps({
    maxSeverity:
      rank(version.maxSeverity) <= rank(inForce.maxSeverity) ? version.maxSeverity : inForce.maxSeverity,
    timerMinutesPerDay: lower(version.timerMinutesPerDay, inForce.timerMinutesPerDay),
    openTasks: lower(version.openTasks, inForce.openTasks),
    proofRequestsPerDay: lower(version.proofRequestsPerDay, inForce.proofRequestsPerDay),
    quietHours: versionCovers ? version.quietHours : inForce.quietHours,
    protectedAreas: [...version.protectedAreas, ...inForce.protectedAreas],
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The refusal of a write that would go past a cap: it names the cap (decision 057). */
export const CAP_MESSAGES = {
  maxSeverity: (s: Severity) => `The contract allows punishments up to ${SEVERITY_LABELS[s]}.`,
  timerMinutesPerDay: (n: number) =>
    `The contract allows at most ${plural(n, 'punishment timer minute', 'punishment timer minutes')} a day.`,
  openTasks: (n: number) => `The contract allows at most ${plural(n, 'open task', 'open tasks')} at once.`,
  proofRequestsPerDay: (n: number) =>
    `The contract allows at most ${plural(n, 'proof request', 'proof requests')} a day.`,
  quietHours: (q: CapQuietHours) =>
    `The contract's quiet hours are ${q.start} to ${q.end}: nothing can be assigned in them.`,
  protectedArea: (a: Area) => `The contract protects ${AREA_LABELS[a]}: no task or punishment may touch it.`,
  notLowering: 'Lower now can only lower caps. Raising one needs a new version signed by both.',
  unchanged: 'These are the caps in force already.',
  submissiveOnly: 'Only the submissive can lower a cap at once. Propose a change in a new version instead.',
} as const;

export const CAP_LABELS: Record<CapName, string> = {
  maxSeverity: 'Highest punishment severity',
  timerMinutesPerDay: 'Punishment timer minutes a day',
  openTasks: 'Open tasks at once',
  proofRequestsPerDay: 'Proof requests a day',
  quietHours: 'Quiet hours',
  protectedAreas: 'Protected areas',
};

/** Each cap as "label: value", for the contract page, its history and the PDF. */
export function capLines(caps: Caps): { name: CapName; label: string; value: string }[] {
  const num = (n: number | null) => (n === null ? 'No cap' : String(n));
  return [
    { name: 'maxSeverity', value: caps.maxSeverity ? SEVERITY_LABELS[caps.maxSeverity] : 'No cap' },
    { name: 'timerMinutesPerDay', value: num(caps.timerMinutesPerDay) },
    { name: 'openTasks', value: num(caps.openTasks) },
    { name: 'proofRequestsPerDay', value: num(caps.proofRequestsPerDay) },
    {
      name: 'quietHours',
      value: caps.quietHours ? `${caps.quietHours.start} to ${caps.quietHours.end}` : 'None',
    },
    {
      name: 'protectedAreas',
      value: caps.protectedAreas.length ? caps.protectedAreas.map((a) => AREA_LABELS[a]).join(', ') : 'None',
    },
  ].map((l) => ({ ...l, name: l.name as CapName, label: CAP_LABELS[l.name as CapName] }));
}

/** The protected areas a task or punishment touches, in the catalogue's order. */
export const touchedProtected = (areas: readonly string[], caps: Caps): Area[] =>
  caps.protectedAreas.filter((a) => areas.includes(a));

/** "Touches: money, health": what a task or punishment is marked as touching, for its card. */
export const touchesLabel = (areas: readonly Area[]) =>
  `Touches: ${AREAS.filter((a) => areas.includes(a))
    .map((a) => AREA_LABELS[a])
    .join(', ')}`;
