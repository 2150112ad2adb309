import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  RULES_TEXT,
  type RuleListView,
  type RuleVersionsView,
  type RuleVersionView,
  type RuleView,
} from '@/shared/schemas/rules';
import type { Actor } from '../../auth/session';
import type { Queryable, Tx } from '../../db/client';
import { pairs, ruleAcknowledgements, rules, ruleVersions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitTagTitles, presentLimitTags } from '../pairs/pairs.limits';
import { activePairIdBetween } from '../pairs/pairs.scope';

/* The reads of rules (decision 064): the lists, one rule, its versions, and a rule locked for a write. */

type VersionRow = typeof ruleVersions.$inferSelect;
export interface RuleRow {
  id: string;
  pairId: string;
  version: number;
  createdAt: Date;
  dominantId: string;
  submissiveId: string;
}

export const member = (userId: string) => or(eq(pairs.dominantId, userId), eq(pairs.submissiveId, userId));

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
export async function readRules(q: Queryable, where: ReturnType<typeof and>): Promise<RuleView[]> {
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
export async function lockRule(tx: Tx, actor: Actor, id: string): Promise<RuleRow> {
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
export async function readRule(tx: Queryable, id: string): Promise<RuleView> {
  const [rule] = await readRules(tx, and(eq(rules.id, id)));
  if (!rule) throw notFound(RULES_TEXT.notFound);
  return rule;
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
