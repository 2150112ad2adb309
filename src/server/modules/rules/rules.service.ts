import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type acknowledgeRuleInput,
  type createRuleInput,
  RULES_IN_FORCE_MAX,
  RULES_TEXT,
  type RuleListView,
  type RuleVersionsView,
  type RuleVersionView,
  type RuleView,
  type updateRuleInput,
} from '@/shared/schemas/rules';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairs, ruleAcknowledgements, rules, ruleVersions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { pairForCreate } from '../pairs/pairs.create';
import { guardDemand } from '../pairs/pairs.demands';
import { assertWithinLimits, limitTagTitles, presentLimitTags } from '../pairs/pairs.limits';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { activePairIdBetween } from '../pairs/pairs.scope';

type CreateInput = z.output<typeof createRuleInput>;

const notFoundRule = (): never => {
  throw notFound(RULES_TEXT.notFound);
};
type UpdateInput = z.output<typeof updateRuleInput>;
type AcknowledgeInput = z.output<typeof acknowledgeRuleInput>;

type VersionRow = typeof ruleVersions.$inferSelect;
interface RuleRow {
  id: string;
  pairId: string;
  version: number;
  createdAt: Date;
  dominantId: string;
  submissiveId: string;
}

const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));

const presentVersion = (
  v: VersionRow,
  acknowledgedAt: Date | null,
  titles: ReadonlyMap<string, string>,
): RuleVersionView => ({
  version: v.version,
  title: v.title,
  text: v.text,
  category: v.category,
  limitTags: presentLimitTags(v.limitTags, titles),
  consequence: v.consequence,
  writtenAt: v.writtenAt.getTime(),
  writtenBy: v.writtenBy,
  acknowledgedAt: acknowledgedAt ? acknowledgedAt.getTime() : null,
});

const presentRule = (
  r: RuleRow,
  v: VersionRow,
  acknowledgedAt: Date | null,
  lastAcknowledgedVersion: number | null,
  titles: ReadonlyMap<string, string>,
): RuleView => ({
  lastAcknowledgedVersion,
  id: r.id,
  pairId: r.pairId,
  dominantId: r.dominantId,
  submissiveId: r.submissiveId,
  createdAt: r.createdAt.getTime(),
  ...presentVersion(v, acknowledgedAt, titles),
});

const ruleColumns = {
  id: rules.id,
  pairId: rules.pairId,
  version: rules.version,
  createdAt: rules.createdAt,
  dominantId: pairs.dominantId,
  submissiveId: pairs.submissiveId,
};

/** The rules in force of the pairs matching `where`, newest first, each with its current version. */
async function readRules(q: Queryable, where: ReturnType<typeof and>): Promise<RuleView[]> {
  const rows = await q
    .select({
      rule: ruleColumns,
      v: ruleVersions,
      acknowledgedAt: ruleAcknowledgements.acknowledgedAt,
      lastAcknowledged: sql<
        number | null
      >`(select max(a.version) from ${ruleAcknowledgements} a where a.rule_id = ${rules.id})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
    })
    .from(rules)
    .innerJoin(pairs, eq(pairs.id, rules.pairId))
    .innerJoin(ruleVersions, and(eq(ruleVersions.ruleId, rules.id), eq(ruleVersions.version, rules.version)))
    .leftJoin(
      ruleAcknowledgements,
      and(eq(ruleAcknowledgements.ruleId, rules.id), eq(ruleAcknowledgements.version, rules.version)),
    )
    .where(and(isNull(rules.retiredAt), where))
    .orderBy(desc(rules.createdAt), desc(rules.id));
  const titles = await limitTagTitles(
    q,
    rows.map((r) => r.v.limitTags),
  );
  return rows.map((r) => presentRule(r.rule, r.v, r.acknowledgedAt, r.lastAcknowledged, titles));
}

/**
 * GET /api/rules?partnerId=: the rules in force between the user and this partner (either role). A
 * stranger or a former partner finds no pair (404).
 */
export async function listRules(db: Queryable, actor: Actor, partnerId: string): Promise<RuleListView> {
  const [pair] = await db
    .select({ id: pairs.id })
    .from(pairs)
    .where(eq(pairs.id, activePairIdBetween(actor.id, partnerId)));
  if (!pair) throw notFound('No partner connection found');
  return { rules: await readRules(db, and(eq(rules.pairId, pair.id))) };
}

/** A rule in force of an active pair the actor belongs to, locked for the write; 404 for anyone else. */
async function lockRule(tx: Tx, actor: Actor, id: string): Promise<RuleRow> {
  const [row] = await tx
    .select(ruleColumns)
    .from(rules)
    .innerJoin(pairs, and(eq(pairs.id, rules.pairId), eq(pairs.status, 'active'), member(actor.id)))
    .where(and(eq(rules.id, id), isNull(rules.retiredAt)))
    .for('update', { of: rules });
  if (!row) throw notFound(RULES_TEXT.notFound);
  return row;
}

/** One rule as the API answers it, read inside the write's transaction. */
async function readRule(tx: Queryable, id: string): Promise<RuleView> {
  const [rule] = await readRules(tx, and(eq(rules.id, id)));
  if (!rule) throw notFound(RULES_TEXT.notFound);
  return rule;
}

const announce = (emit: Emit, rule: Pick<RuleRow, 'id' | 'pairId' | 'dominantId' | 'submissiveId'>) =>
  emit([rule.dominantId, rule.submissiveId], 'rule.changed', { ruleId: rule.id, pairId: rule.pairId });

/** Writing a rule asks something of the submissive: held by Red and Yellow, and by the first negotiation. */
const RULE_DEMAND = { kind: 'rule' } as const;

/**
 * The dominant writes a new rule for a pair (version 1). Refused while Red or Yellow holds the pair,
 * before the first negotiation, and when a limit tag meets either partner's No. The submissive is told.
 */
export async function createRule(
  deps: AppDeps,
  actor: Actor,
  input: CreateInput,
  key: IdempotencyKey | null = null,
): Promise<RuleView> {
  requireSessionRole(actor, 'dominant', RULES_TEXT.notYourRule);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    // A retry of the same write (its Idempotency-Key) answers the rule it made while the pair lasts.
    const ruleId = randomUUID();
    const prior = await claimIdempotencyKey(tx, key, ruleId, now);
    if (prior)
      return (
        (await readRules(tx, and(eq(rules.id, prior), member(actor.id), eq(pairs.status, 'active'))))[0] ??
        notFoundRule()
      );
    const pair = await pairForCreate(tx, actor.id, 'dominant', input.partnerId, now);
    if (!pair) throw notFound('No partner connection found with the selected submissive');
    await guardDemand(tx, pair.id, RULE_DEMAND, now, pair);
    // A No of either partner refuses it; a Maybe does not: every version waits for the submissive's
    // acknowledgement, which is the yes a request would ask for (decision 064).
    await assertWithinLimits(tx, pair, input.limitTags);
    // Counted without a lock of its own: two rules written at the same instant may pass the cap by one. It
    // keeps the list readable and guards nothing else.
    const [inForce] = await tx
      .select({ n: count() })
      .from(rules)
      .where(and(eq(rules.pairId, pair.id), isNull(rules.retiredAt)));
    if ((inForce?.n ?? 0) >= RULES_IN_FORCE_MAX) throw conflict(RULES_TEXT.tooMany);
    await tx.insert(rules).values({ id: ruleId, pairId: pair.id, version: 1, createdAt: now });
    await tx
      .insert(ruleVersions)
      .values({ ruleId, version: 1, ...contentOf(input), writtenBy: actor.id, writtenAt: now });
    await createNotification(
      tx,
      emit,
      pair.submissiveId,
      notify.ruleWritten({
        dominantName: actor.name,
        title: input.title,
        ruleId,
        pairId: pair.id,
        partnerId: pair.dominantId,
        edited: false,
      }),
    );
    await appendRecord(tx, {
      pairId: pair.id,
      actorId: actor.id,
      kind: 'rule.written',
      data: { ruleId, version: 1 },
      at: now,
    });
    announce(emit, {
      id: ruleId,
      pairId: pair.id,
      dominantId: pair.dominantId,
      submissiveId: pair.submissiveId,
    });
    return readRule(tx, ruleId);
  });
}

const contentOf = (input: CreateInput | UpdateInput) => ({
  title: input.title,
  text: input.text,
  category: input.category,
  limitTags: input.limitTags,
  consequence: input.consequence,
});

/** The pair's dominant, acting as the dominant; the submissive of the pair is refused (403). */
function requireRuleWriter(actor: Actor, rule: RuleRow) {
  requireSessionRole(actor, 'dominant', RULES_TEXT.notYourRule);
  if (rule.dominantId !== actor.id) throw forbidden(RULES_TEXT.notYourRule);
}

/**
 * The dominant writes a new version of a rule. `version` must be the one in force (409 otherwise: someone
 * changed it meanwhile). What was acknowledged stays with its version: the new one waits for its own.
 */
export async function updateRule(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<RuleView> {
  requireSessionRole(actor, 'dominant', RULES_TEXT.notYourRule);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const rule = await lockRule(tx, actor, id);
    requireRuleWriter(actor, rule);
    if (input.version !== rule.version) throw conflict(RULES_TEXT.staleVersion);
    await guardDemand(tx, rule.pairId, RULE_DEMAND, now);
    await assertWithinLimits(tx, { id: rule.pairId, submissiveId: rule.submissiveId }, input.limitTags);
    const version = rule.version + 1;
    await tx
      .insert(ruleVersions)
      .values({ ruleId: id, version, ...contentOf(input), writtenBy: actor.id, writtenAt: now });
    await tx.update(rules).set({ version }).where(eq(rules.id, id));
    await createNotification(
      tx,
      emit,
      rule.submissiveId,
      notify.ruleWritten({
        dominantName: actor.name,
        title: input.title,
        ruleId: id,
        pairId: rule.pairId,
        partnerId: rule.dominantId,
        edited: true,
      }),
    );
    await appendRecord(tx, {
      pairId: rule.pairId,
      actorId: actor.id,
      kind: 'rule.edited',
      data: { ruleId: id, version },
      at: now,
    });
    announce(emit, rule);
    return readRule(tx, id);
  });
}

/**
 * The submissive acknowledges the version in force (409 when it is no longer the one they read). Never
 * held by Red or Yellow: it asks nothing of anyone. Acknowledging again changes nothing.
 */
export async function acknowledgeRule(
  deps: AppDeps,
  actor: Actor,
  id: string,
  input: AcknowledgeInput,
): Promise<RuleView> {
  requireSessionRole(actor, 'submissive', RULES_TEXT.onlySubmissiveAcknowledges);
  const now = deps.clock();
  return deps.publisher.transaction(async (tx, emit) => {
    const rule = await lockRule(tx, actor, id);
    if (rule.submissiveId !== actor.id) throw forbidden(RULES_TEXT.onlySubmissiveAcknowledges);
    if (input.version !== rule.version) throw conflict(RULES_TEXT.staleVersion);
    const made = await tx
      .insert(ruleAcknowledgements)
      .values({ ruleId: id, version: rule.version, userId: actor.id, acknowledgedAt: now })
      .onConflictDoNothing()
      .returning({ version: ruleAcknowledgements.version });
    if (made.length > 0) {
      const [current] = await tx
        .select({ title: ruleVersions.title })
        .from(ruleVersions)
        .where(and(eq(ruleVersions.ruleId, id), eq(ruleVersions.version, rule.version)));
      await createNotification(
        tx,
        emit,
        rule.dominantId,
        notify.ruleAcknowledged({
          submissiveName: actor.name,
          title: current?.title ?? '',
          ruleId: id,
          pairId: rule.pairId,
          partnerId: rule.submissiveId,
        }),
      );
      await appendRecord(tx, {
        pairId: rule.pairId,
        actorId: actor.id,
        kind: 'rule.acknowledged',
        data: { ruleId: id, version: rule.version },
        at: now,
      });
      announce(emit, rule);
    }
    return readRule(tx, id);
  });
}

/**
 * The dominant retires a rule: it is no longer listed or in force, and asks nothing more. Its versions
 * stay (what was in force when stays known). Allowed while Red holds the pair: it takes a demand away.
 */
export async function retireRule(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireSessionRole(actor, 'dominant', RULES_TEXT.notYourRule);
  const now = deps.clock();
  await deps.publisher.transaction(async (tx, emit) => {
    const rule = await lockRule(tx, actor, id);
    requireRuleWriter(actor, rule);
    await tx.update(rules).set({ retiredAt: now }).where(eq(rules.id, id));
    await appendRecord(tx, {
      pairId: rule.pairId,
      actorId: actor.id,
      kind: 'rule.retired',
      data: { ruleId: id },
      at: now,
    });
    announce(emit, rule);
  });
}

/** GET /api/rules/:id/versions: every version of a rule in force, newest first, with its acknowledgement. */
export async function listRuleVersions(db: Queryable, actor: Actor, id: string): Promise<RuleVersionsView> {
  const [rule] = await db
    .select({ id: rules.id })
    .from(rules)
    .innerJoin(pairs, and(eq(pairs.id, rules.pairId), eq(pairs.status, 'active'), member(actor.id)))
    .where(and(eq(rules.id, id), isNull(rules.retiredAt)));
  if (!rule) throw notFound(RULES_TEXT.notFound);
  const rows = await db
    .select({ v: ruleVersions, acknowledgedAt: ruleAcknowledgements.acknowledgedAt })
    .from(ruleVersions)
    .leftJoin(
      ruleAcknowledgements,
      and(
        eq(ruleAcknowledgements.ruleId, ruleVersions.ruleId),
        eq(ruleAcknowledgements.version, ruleVersions.version),
      ),
    )
    .where(eq(ruleVersions.ruleId, id))
    .orderBy(desc(ruleVersions.version));
  const titles = await limitTagTitles(
    db,
    rows.map((r) => r.v.limitTags),
  );
  return { versions: rows.map((r) => presentVersion(r.v, r.acknowledgedAt, titles)) };
}
