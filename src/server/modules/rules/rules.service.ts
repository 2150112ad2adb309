import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { notify } from '@/shared/domain/notifications';
import {
  type acknowledgeRuleInput,
  type createRuleInput,
  RULES_IN_FORCE_MAX,
  RULES_TEXT,
  type RuleView,
  type updateRuleInput,
} from '@/shared/schemas/rules';
import type { Actor } from '../../auth/session';
import { pairs, ruleAcknowledgements, rules, ruleVersions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import { claimIdempotencyKey, type IdempotencyKey } from '../../http/idempotency';
import type { Emit } from '../../realtime/publisher';
import { createNotification } from '../notifications/notifications.service';
import { pairForCreate } from '../pairs/pairs.create';
import { guardDemand } from '../pairs/pairs.demands';
import { assertWithinLimits } from '../pairs/pairs.limits';
import { requireSessionRole } from '../pairs/pairs.policy';
import { appendRecord } from '../pairs/pairs.record';
import { lockRule, member, type RuleRow, readRule, readRules } from './rules.queries';

type CreateInput = z.output<typeof createRuleInput>;

const notFoundRule = (): never => {
  throw notFound(RULES_TEXT.notFound);
};
type UpdateInput = z.output<typeof updateRuleInput>;
type AcknowledgeInput = z.output<typeof acknowledgeRuleInput>;

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
