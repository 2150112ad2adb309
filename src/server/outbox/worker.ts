import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { outbox, pairStops } from '../db/schema';
import type { Logger } from '../logger';
import { type Backoff, createRunner, nextRetryMs } from './runner';

export type OutboxKind = 'mail' | 'notification' | 'push';

/** A row to write: what to do, its payload (read back by the kind's handler), whom it concerns. */
export interface OutboxEntry {
  kind: OutboxKind;
  payload: unknown;
  /** The user the row concerns: their account's deletion deletes it (cascade). */
  userId: string | null;
  /**
   * The pair a push concerns: the row waits while Red holds the pair (decision 049). Left out for mail and
   * for safety pushes, which are never held.
   */
  pairId?: string | null;
  /** A reminder: dropped, not sent, when the stop that held it is lifted. */
  lapsesWhenHeld?: boolean;
}

export interface OutboxRow extends OutboxEntry {
  id: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/**
 * What a handler made of a row. `ok`: done, the row is deleted, and `follow` rows are written in the same
 * transaction (a notification becomes one push per device). Otherwise `code` (never content) is kept in
 * `last_error`; a `permanent` failure is not tried again; `details` (codes only) go to the log line.
 */
export type OutboxOutcome =
  | { ok: true; follow?: OutboxEntry[] }
  | { ok: false; code: string; permanent?: boolean; details?: Record<string, unknown> };

export type OutboxHandler = (row: OutboxRow) => Promise<OutboxOutcome>;

export interface OutboxTuning {
  /** The pause after the first failure; each later one doubles, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Attempts before a row is marked dead. */
  maxAttempts?: number;
  /** How long a claimed row is this instance's; past it, an instance that died mid-send loses it. */
  leaseMs?: number;
  /** How often due rows are looked for when nothing woke the worker. */
  pollMs?: number;
  /** Rows claimed (and handled at once) per round. */
  batch?: number;
}

export interface Outbox {
  /**
   * Writes rows through `q`: in a transaction they leave only if it commits (the worker is woken after
   * the commit: see `wakeAfterCommit`); through the database they are written at once and the worker
   * woken.
   */
  add(q: Queryable, entries: OutboxEntry | OutboxEntry[]): Promise<void>;
  /** Sets the handler of a kind, and how its failed rows are tried again (the tuning's when not given). */
  handle(kind: OutboxKind, handler: OutboxHandler, backoff?: Backoff): void;
  /** Looks for due rows now (no waiting for the poll). */
  wake(): void;
  /** True once after `add` wrote through a transaction: the publisher's after-commit hook then wakes. */
  takeWakeAfterCommit(): boolean;
  /** One pass: claims due rows and handles them until none is due; the rows handled. */
  runDue(): Promise<number>;
  /** Resolves when no row is due and nothing is in flight (or after `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
  /** Starts polling. */
  start(): void;
  /** Stops polling and waits for the pass under way (at most `timeoutMs`). */
  close(timeoutMs?: number): Promise<void>;
}

export const OUTBOX_DEFAULTS = {
  retryMs: 30_000,
  maxRetryMs: 6 * 60 * 60 * 1000,
  // 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 2 h, 4 h, then 6 h: the fourteenth attempt is about 26 h in.
  maxAttempts: 14,
  leaseMs: 15 * 60 * 1000,
  pollMs: 5_000,
  batch: 8,
} as const;

/** A dead row keeps its place for the operator, never due again. */
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * The durable outbox (decision 037): mails and pushes are rows written with the change that causes them;
 * any instance's worker claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), hands
 * each to its kind's handler, then deletes it, or puts it back with a doubled pause, or after
 * `maxAttempts` marks it dead (never due, logged by id and code). A row of a pair that Red holds is not
 * claimed until the stop is lifted (decision 049). Times come from `clock`, so that tests
 * move through the backoff without waiting. Payloads are never logged.
 */
export function createOutbox(opts: {
  db: Db;
  log: Logger;
  clock: () => Date;
  tuning?: OutboxTuning;
}): Outbox {
  const { db, log, clock } = opts;
  const t = { ...OUTBOX_DEFAULTS, ...stripUndefined(opts.tuning ?? {}) };
  const handlers = new Map<OutboxKind, { handler: OutboxHandler; backoff: Backoff }>();
  let wakeAfterCommit = false;
  const runner = createRunner({ name: 'outbox', round, pollMs: t.pollMs, log });

  async function claim(): Promise<(OutboxRow & { lease: Date })[]> {
    const now = clock();
    const lease = new Date(now.getTime() + t.leaseMs);
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          // A row never tried is due at once, whatever `run_after` its writer's clock gave it.
          or(eq(outbox.attempts, 0), lte(outbox.runAfter, now)),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
          // A push of a pair Red holds waits for the lift (decision 049).
          or(
            isNull(outbox.pairId),
            sql`not exists (select 1 from ${pairStops} where ${pairStops.pairId} = ${outbox.pairId} and ${pairStops.liftedAt} is null)`,
          ),
        ),
      )
      .orderBy(outbox.runAfter)
      .limit(t.batch)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outbox)
      .set({ lockedUntil: lease, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning({
        id: outbox.id,
        kind: outbox.kind,
        payload: outbox.payload,
        userId: outbox.userId,
        pairId: outbox.pairId,
        attempts: outbox.attempts,
      });
    return rows.map((row) => ({ ...row, lease }));
  }

  async function settle(row: OutboxRow & { lease: Date }, outcome: OutboxOutcome) {
    // Only while the lease is ours: a row another instance took over after it ran out is theirs.
    const ours = and(eq(outbox.id, row.id), eq(outbox.lockedUntil, row.lease));
    const about = { outboxId: row.id, kind: row.kind, attempts: row.attempts };
    if (outcome.ok) {
      const follow = outcome.follow ?? [];
      await db.transaction(async (tx) => {
        const gone = await tx.delete(outbox).where(ours).returning({ id: outbox.id });
        if (gone.length > 0 && follow.length > 0) await tx.insert(outbox).values(follow);
      });
      return;
    }
    const wait = outcome.permanent === true ? null : nextRetryMs(row.attempts, backoffOf(row.kind));
    const runAfter = wait === null ? NEVER : new Date(clock().getTime() + wait);
    await db
      .update(outbox)
      .set({ runAfter, lockedUntil: null, lastError: wait === null ? `dead: ${outcome.code}` : outcome.code })
      .where(ours);
    const line = { ...about, code: outcome.code, ...stripUndefined(outcome.details ?? {}) };
    if (wait === null) return log.error(line, 'outbox: given up, row marked dead');
    log.warn({ ...line, retryAt: runAfter.toISOString() }, 'outbox: failed, will retry');
    // A retry due before the next poll (a push's first ones) is looked for when it is due.
    if (wait < t.pollMs) runner.wakeIn(wait);
  }

  const backoffOf = (kind: OutboxKind): Backoff => handlers.get(kind)?.backoff ?? t;

  async function handleRow(row: OutboxRow & { lease: Date }) {
    const handler = handlers.get(row.kind)?.handler;
    let outcome: OutboxOutcome;
    try {
      outcome = handler ? await handler(row) : { ok: false, code: 'no-handler' };
    } catch (error) {
      log.error({ err: error, outboxId: row.id, kind: row.kind }, 'outbox: handler failed');
      outcome = { ok: false, code: 'handler-error' };
    }
    await settle(row, outcome).catch((error) => {
      // The lease runs out and the row is tried again.
      log.error({ err: error, outboxId: row.id, kind: row.kind }, 'outbox: row not settled');
    });
  }

  /** One round: the due rows claimed and handled at once; how many. */
  async function round() {
    const rows = await claim();
    await Promise.all(rows.map(handleRow));
    return rows.length;
  }

  return {
    async add(q, entries) {
      const rows = Array.isArray(entries) ? entries : [entries];
      if (rows.length === 0) return;
      await q.insert(outbox).values(rows);
      if (q === db) runner.wake();
      else wakeAfterCommit = true;
    },
    handle(kind, handler, backoff) {
      handlers.set(kind, { handler, backoff: backoff ?? t });
    },
    wake: runner.wake,
    takeWakeAfterCommit() {
      const due = wakeAfterCommit;
      wakeAfterCommit = false;
      return due;
    },
    runDue: runner.runDue,
    drain: runner.drain,
    start: runner.start,
    close: runner.close,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Dead rows are kept a month for the operator, then deleted. */
export const DEAD_ROWS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function sweepDeadOutboxRows(db: Db, now: Date) {
  await db
    .delete(outbox)
    .where(
      and(eq(outbox.runAfter, NEVER), lte(outbox.createdAt, new Date(now.getTime() - DEAD_ROWS_KEPT_MS))),
    );
}
