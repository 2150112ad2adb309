import { and, desc, eq, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  RECORD_GROUPS,
  RECORD_PAGE,
  RECORD_TEXT,
  type RecordEntryView,
  type RecordKind,
  type RecordPageView,
  type RecordPairView,
  type RecordQuery,
  type RecordSubjectView,
  type RecordVerdict,
} from '@/shared/schemas/record';
import type { Actor } from '../../auth/session';
import type { Queryable } from '../../db/client';
import { readTogether } from '../../db/reads';
import { pairRecord, pairs, punishments, tasks, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { verifyPairRecord } from '../pairs/pairs.record';

const dominant = alias(users, 'dominant');
const submissive = alias(users, 'submissive');

/** The pairs the user is or was in: the active ones first, then the latest ended. */
async function pairsOf(db: Queryable, userId: string, where?: SQL): Promise<RecordPairView[]> {
  const rows = await db
    .select({
      id: pairs.id,
      dominantId: pairs.dominantId,
      submissiveId: pairs.submissiveId,
      dominantName: dominant.displayName,
      submissiveName: submissive.displayName,
      status: pairs.status,
    })
    .from(pairs)
    .innerJoin(dominant, eq(dominant.id, pairs.dominantId))
    .innerJoin(submissive, eq(submissive.id, pairs.submissiveId))
    .where(and(or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId)), where))
    .orderBy(sql`${pairs.status} = 'active' desc`, desc(pairs.updatedAt), pairs.id);
  return rows.map((r) => {
    const mine = r.dominantId === userId ? 'dominant' : 'submissive';
    return {
      id: r.id,
      partnerId: mine === 'dominant' ? r.submissiveId : r.dominantId,
      partnerName: mine === 'dominant' ? r.submissiveName : r.dominantName,
      myRole: mine,
      active: r.status === 'active',
    };
  });
}

/** GET /api/record/pairs: every pair whose record the user reads, also those that ended. */
export const listRecordPairs = async (deps: AppDeps, actor: Actor) => ({
  pairs: await pairsOf(deps.db, actor.id),
});

/**
 * The pair a request names: by id, a pair the user is or was in (a former partner keeps reading it); by
 * partner, their active pair with that partner, else the latest; by neither, the user's latest pair.
 * Anyone else's pair is not found (404), like a pair that never was.
 */
async function pairFor(db: Queryable, actor: Actor, q: { pairId?: string; partnerId?: string }) {
  const where = q.pairId
    ? eq(pairs.id, q.pairId)
    : q.partnerId
      ? or(eq(pairs.dominantId, q.partnerId), eq(pairs.submissiveId, q.partnerId))
      : undefined;
  const [pair] = (await pairsOf(db, actor.id, where)).filter((p) => p.partnerId !== actor.id);
  if (!pair) throw notFound(RECORD_TEXT.notFound);
  return pair;
}

const kindFilter = (kind: string | undefined): SQL | undefined => {
  if (!kind) return undefined;
  return (RECORD_GROUPS as readonly string[]).includes(kind)
    ? like(pairRecord.kind, `${kind}.%`)
    : eq(pairRecord.kind, kind);
};

/** The titles of the rows entries name, as the rows are now: a deleted row has none. */
async function titlesOf(db: Queryable, pairId: string, ids: { tasks: string[]; punishments: string[] }) {
  const titles = new Map<string, string>();
  const none = Promise.resolve([] as { id: string; title: string }[]);
  const [t, p] = await readTogether(
    db,
    () =>
      ids.tasks.length === 0
        ? none
        : db
            .select({ id: tasks.id, title: tasks.title })
            .from(tasks)
            .where(and(eq(tasks.pairId, pairId), inArray(tasks.id, ids.tasks))),
    () =>
      ids.punishments.length === 0
        ? none
        : db
            .select({ id: punishments.id, title: punishments.title })
            .from(punishments)
            .where(and(eq(punishments.pairId, pairId), inArray(punishments.id, ids.punishments))),
  );
  for (const row of [...t, ...p]) titles.set(row.id, row.title);
  return titles;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const idIn = (data: Record<string, unknown>, key: string) => {
  const v = data[key];
  return typeof v === 'string' && UUID.test(v) ? v : null;
};

function subjectOf(
  kind: string,
  data: Record<string, unknown>,
  titles: Map<string, string>,
): RecordSubjectView | null {
  // A proof's entry names the task or punishment that held it (decision 076).
  const proof = kind.startsWith('proof.');
  const taskId = idIn(data, 'taskId');
  if ((kind.startsWith('task.') || proof) && taskId)
    return { type: 'task', id: taskId, title: titles.get(taskId) ?? null };
  const punishmentId = idIn(data, 'punishmentId');
  if ((kind.startsWith('punishment.') || proof) && punishmentId)
    return { type: 'punishment', id: punishmentId, title: titles.get(punishmentId) ?? null };
  const contractId = idIn(data, 'contractId');
  if (kind.startsWith('contract.') && contractId) return { type: 'contract', id: contractId, title: null };
  return null;
}

/** GET /api/record: a page of the pair's record, newest first, filtered by a group or a kind. */
export async function readRecord(deps: AppDeps, actor: Actor, q: RecordQuery): Promise<RecordPageView> {
  const pair = await pairFor(deps.db, actor, q);
  const rows = await deps.db
    .select({
      seq: pairRecord.seq,
      at: pairRecord.at,
      actorId: pairRecord.actorId,
      kind: pairRecord.kind,
      data: pairRecord.data,
    })
    .from(pairRecord)
    .where(
      and(
        eq(pairRecord.pairId, pair.id),
        q.cursor ? lt(pairRecord.seq, q.cursor) : undefined,
        kindFilter(q.kind),
      ),
    )
    .orderBy(desc(pairRecord.seq))
    .limit(RECORD_PAGE + 1);
  const page = rows.slice(0, RECORD_PAGE);
  const ids = { tasks: [] as string[], punishments: [] as string[] };
  for (const r of page) {
    const task = idIn(r.data, 'taskId');
    const punishment = idIn(r.data, 'punishmentId');
    if (task) ids.tasks.push(task);
    if (punishment) ids.punishments.push(punishment);
  }
  const titles = await titlesOf(deps.db, pair.id, ids);
  const entries: RecordEntryView[] = page.map((r) => ({
    seq: r.seq,
    at: r.at.getTime(),
    kind: r.kind as RecordKind,
    actor: r.actorId === null ? null : r.actorId === actor.id ? 'me' : 'partner',
    facts: r.data,
    subject: subjectOf(r.kind, r.data, titles),
  }));
  return { pair, entries, nextCursor: rows.length > RECORD_PAGE ? page.at(-1)!.seq : null };
}

/** POST /api/record/verify: the pair's record recomputed whole. */
export async function verifyRecord(
  deps: AppDeps,
  actor: Actor,
  input: { pairId?: string },
): Promise<RecordVerdict> {
  const pair = await pairFor(deps.db, actor, input);
  return verifyPairRecord(deps.db, pair.id);
}
