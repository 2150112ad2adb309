import { and, count, eq, gte, lt, ne, sql, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CAP_MESSAGES,
  type Caps,
  normalizeCaps,
  SEVERITY_ORDER,
  touchedProtected,
} from '@/shared/domain/caps';
import type { Severity } from '@/shared/domain/punishments';
import { inQuietHours } from '@/shared/domain/push';
import { startOfLocalDay } from '@/shared/domain/schedule';
import type { Queryable } from '../../db/client';
import { contracts, pairs, punishments, tasks } from '../../db/schema';
import { capExceeded } from '../../http/errors';
import { assertNegotiated, pairNegotiated } from './pairs.negotiation';
import { type PairHold, pairHeld, pairHold } from './pairs.stops';

/**
 * What a write asks of the submissive (decision 057): a task (created, or edited: `taskId` set, which does
 * not open one more), a punishment, or a timer started (held by Red and Yellow only).
 */
export type Demand =
  | { kind: 'task'; taskId: string | null; areas: readonly string[]; proof: boolean; dueDate: Date }
  | {
      kind: 'punishment';
      areas: readonly string[];
      severity: Severity;
      /** The timer's minutes, when it has one. */
      timerMinutes: number | null;
    }
  | { kind: 'timer' }
  /**
   * A rule written or changed, or an infraction of one logged (decisions 064, 065): held by Red, Yellow and
   * the first negotiation; no cap counts it.
   */
  | { kind: 'rule' }
  /**
   * A ritual set or changed (decision 074): a routine asked of the submissive, held like a rule by Red,
   * Yellow and the first negotiation; no cap counts it.
   */
  | { kind: 'ritual' };

/** What the guard needs of a pair, read in one statement (or inside a create's pair read). */
export interface DemandContext {
  hold: PairHold;
  /** Whether the submissive confirmed the first negotiation (decision 058). */
  negotiated: boolean;
  /** The caps in force (null: nothing capped). */
  caps: Caps | null;
  /** The submissive's time zone: the pair's days and quiet hours are counted in it (decision 057). */
  zone: string | null;
}

/**
 * The guard's facts as fields of a statement that reads the pair (`pairId`: its id column or value): the
 * hold, the contract's caps in force and the submissive's time zone. No statement more for a create.
 */
export const demandFacts = (pairId: PgColumn | string) => ({
  hold: pairHold(pairId),
  negotiated: pairNegotiated(pairId),
  caps: sql<Caps | null>`(select c.caps_in_force from contracts c where c.pair_id = ${sql`${pairId}`})`,
  zone: sql<
    string | null
  >`(select u.time_zone from users u join pairs p on u.id = p.submissive_id where p.id = ${sql`${pairId}`})`,
});

export async function readDemandContext(tx: Queryable, pairId: string): Promise<DemandContext> {
  const [row] = await tx.select(demandFacts(pairs.id)).from(pairs).where(eq(pairs.id, pairId));
  return {
    hold: row?.hold ?? null,
    negotiated: row?.negotiated ?? false,
    caps: row?.caps ?? null,
    zone: row?.zone ?? null,
  };
}

const DAY_SLACK_MS = 26 * 60 * 60 * 1000;

/** The local day that holds `at` in `zone`, as [start, next start). */
function dayOf(at: number, zone: string): [Date, Date] {
  const start = startOfLocalDay(at, zone);
  return [new Date(start), new Date(startOfLocalDay(start + DAY_SLACK_MS, zone))];
}

const rank = (s: Severity) => SEVERITY_ORDER.indexOf(s);

/**
 * The one guard of every write that asks something of the submissive (decisions 049, 057 and 058): Red and
 * Yellow first (409 PAIR_STOPPED, PAIR_CHECKING_IN), then, for a task or a punishment, the first
 * negotiation (409 NEGOTIATION_PENDING until the submissive confirmed it), then each cap of the contract in force (409
 * CAP_EXCEEDED, its message naming the cap). Exactly at a cap is allowed. Called inside the write's
 * transaction, after the pair was found and held; `known` is the context a create read with its pair.
 * Counting reads run only for the caps that are set.
 */
export async function guardDemand(
  tx: Queryable,
  pairId: string,
  demand: Demand,
  now: Date,
  known?: DemandContext,
): Promise<void> {
  const ctx = known ?? (await readDemandContext(tx, pairId));
  if (ctx.hold) throw pairHeld(ctx.hold);
  // A timer's start asks nothing new: the punishment was assigned, so the negotiation does not hold it.
  if (demand.kind === 'timer') return;
  assertNegotiated(ctx);
  if (demand.kind === 'rule' || demand.kind === 'ritual') return;
  if (!ctx.caps) return;
  const caps = normalizeCaps(ctx.caps);
  const zone = ctx.zone ?? 'UTC';
  const [area] = touchedProtected(demand.areas, caps);
  if (area) throw capExceeded(CAP_MESSAGES.protectedArea(area));
  if (caps.quietHours && inQuietHours({ ...caps.quietHours, timeZone: zone }, now.getTime()))
    throw capExceeded(CAP_MESSAGES.quietHours(caps.quietHours));
  if (counts(demand, caps)) {
    // Two creates of one pair run side by side (the pair is held FOR SHARE): what they count is taken one
    // at a time, on the contract's row, so that both cannot pass a cap by one each.
    await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.pairId, pairId)).for('update');
  }
  if (demand.kind === 'task') await guardTask(tx, pairId, demand, caps, zone);
  else await guardPunishment(tx, pairId, demand, caps, zone, now);
}

/** Whether the demand is checked against a cap that counts what the pair already has. */
const counts = (demand: Exclude<Demand, { kind: 'timer' | 'rule' | 'ritual' }>, caps: Caps) =>
  demand.kind === 'task'
    ? (caps.openTasks !== null && demand.taskId === null) ||
      (caps.proofRequestsPerDay !== null && demand.proof)
    : caps.timerMinutesPerDay !== null && demand.timerMinutes !== null;

async function guardTask(
  tx: Queryable,
  pairId: string,
  demand: Extract<Demand, { kind: 'task' }>,
  caps: Caps,
  zone: string,
) {
  const others = demand.taskId ? ne(tasks.id, demand.taskId) : undefined;
  if (caps.openTasks !== null && demand.taskId === null) {
    const [open] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.pairId, pairId), eq(tasks.completed, false), eq(tasks.taskType, 'assigned')));
    if ((open?.n ?? 0) + 1 > caps.openTasks) throw capExceeded(CAP_MESSAGES.openTasks(caps.openTasks));
  }
  if (caps.proofRequestsPerDay !== null && demand.proof) {
    // Proof requests are counted on the day they fall due, in the submissive's zone.
    const [start, end] = dayOf(demand.dueDate.getTime(), zone);
    const [due] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(
        and(
          eq(tasks.pairId, pairId),
          eq(tasks.photoProofRequired, true),
          gte(tasks.dueDate, start),
          lt(tasks.dueDate, end),
          others,
        ),
      );
    if ((due?.n ?? 0) + 1 > caps.proofRequestsPerDay)
      throw capExceeded(CAP_MESSAGES.proofRequestsPerDay(caps.proofRequestsPerDay));
  }
}

async function guardPunishment(
  tx: Queryable,
  pairId: string,
  demand: Extract<Demand, { kind: 'punishment' }>,
  caps: Caps,
  zone: string,
  now: Date,
) {
  if (caps.maxSeverity !== null && rank(demand.severity) > rank(caps.maxSeverity))
    throw capExceeded(CAP_MESSAGES.maxSeverity(caps.maxSeverity));
  if (caps.timerMinutesPerDay !== null && demand.timerMinutes !== null) {
    // Timer minutes are counted on the day the punishment is assigned, in the submissive's zone.
    const [start, end] = dayOf(now.getTime(), zone);
    const [assigned] = await tx
      .select({ minutes: sum(punishments.timerDuration).mapWith(Number) })
      .from(punishments)
      .where(
        and(
          eq(punishments.pairId, pairId),
          eq(punishments.timerEnabled, true),
          gte(punishments.createdAt, start),
          lt(punishments.createdAt, end),
        ),
      );
    if ((assigned?.minutes ?? 0) + demand.timerMinutes > caps.timerMinutesPerDay)
      throw capExceeded(CAP_MESSAGES.timerMinutesPerDay(caps.timerMinutesPerDay));
  }
}

/**
 * The quiet hours of a pair's contract in force, in the submissive's time zone (decision 057), or null:
 * nothing of the pair is pushed in them (the push sender holds it, as the user's own quiet hours do).
 */
export async function pairQuietHours(
  q: Queryable,
  pairId: string,
): Promise<{ start: string; end: string; timeZone: string } | null> {
  const { caps, zone } = await readDemandContext(q, pairId);
  const quiet = caps ? normalizeCaps(caps).quietHours : null;
  return quiet ? { ...quiet, timeZone: zone ?? 'UTC' } : null;
}
