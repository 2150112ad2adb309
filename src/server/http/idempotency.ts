import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db, Tx } from '../db/client';
import { bound, preparedInTransaction } from '../db/prepared';
import { idempotencyKeys } from '../db/schema';
import { badRequest, idempotencyConflict } from './errors';

/** The request header a create carries: a UUID the browser made when the form or action began. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A key is kept a day, then swept: a retry comes within seconds or minutes, never a day later. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BAD_KEY_MESSAGE = 'Idempotency-Key must be a UUID';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different action';

/** What a create was asked to make under a key: the user, the key, and what kind of row it makes. */
export interface IdempotencyKey {
  userId: string;
  key: string;
  scope: string;
}

/**
 * The request's `Idempotency-Key`, checked: absent is allowed (a client that sends none makes a row per
 * request, as before); anything but a UUID is 400, before anything is read or written.
 */
export function idempotencyKeyOf(c: Context, userId: string, scope: string): IdempotencyKey | null {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  if (!UUID.test(raw)) throw badRequest(BAD_KEY_MESSAGE);
  return { userId, key: raw.toLowerCase(), scope };
}

const claim = preparedInTransaction((tx) =>
  tx
    .insert(idempotencyKeys)
    .values({
      userId: bound('userId'),
      key: bound('key'),
      scope: bound('scope'),
      resourceId: bound('resourceId'),
      createdAt: bound('now'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);

/**
 * Claims the key for `resourceId`, in the transaction that writes that row: the first statement, so that
 * a second request with the same key waits here for the first to commit (the primary key) and then finds
 * its row; when the first rolls back, the second goes on to make the row itself. Answers the id of the
 * row an earlier request made, or null when this request is the first. A key used for another kind of
 * row is 422.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  key: IdempotencyKey | null,
  resourceId: string,
  now: Date,
): Promise<string | null> {
  if (!key) return null;
  const inserted = await claim(tx, { userId: key.userId, key: key.key, scope: key.scope, resourceId, now });
  if (inserted.length > 0) return null;
  const [prior] = await tx
    .select({ scope: idempotencyKeys.scope, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key)))
    .limit(1);
  if (!prior || prior.scope !== key.scope) throw idempotencyConflict(KEY_REUSED_MESSAGE);
  return prior.resourceId;
}

/** Maintenance: keys older than a day are forgotten. */
export async function sweepIdempotencyKeys(deps: { db: Db; clock: () => Date }) {
  const before = new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_MS);
  await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
