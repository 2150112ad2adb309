import { z } from 'zod';
import {
  RULE_CATEGORIES,
  RULE_CATEGORY_LABELS,
  RULE_CONSEQUENCE_MAX,
  RULE_TEXT_MAX,
  RULE_TITLE_MAX,
  RULES_IN_FORCE_MAX,
  RULES_TEXT,
  type RuleCategory,
} from '../texts/rules';
import { uuidField } from './common';
import { type LimitTagView, limitTagsField } from './limits';

export {
  RULE_CATEGORIES,
  RULE_CATEGORY_LABELS,
  RULE_CONSEQUENCE_MAX,
  RULE_TEXT_MAX,
  RULE_TITLE_MAX,
  RULES_IN_FORCE_MAX,
  RULES_TEXT,
  type RuleCategory,
};

/**
 * Rules (issue 24, decision 064): standing rules the dominant writes for a pair. Every edit is a new version;
 * the submissive acknowledges each version, and an acknowledgement names the version it was given for, so an
 * edit asks for a new one and never rewrites what was acknowledged before.
 */

const trimmedText = (max: number, tooLong: string, notText: string) =>
  z
    .string({ error: notText })
    .max(max * 4, tooLong)
    .transform((s) => s.trim())
    .refine((s) => s.length <= max, tooLong);

const ruleFields = {
  title: trimmedText(RULE_TITLE_MAX, RULES_TEXT.titleTooLong, RULES_TEXT.titleRequired).refine(
    (s) => s.length > 0,
    RULES_TEXT.titleRequired,
  ),
  text: trimmedText(RULE_TEXT_MAX, RULES_TEXT.textTooLong, 'Rule text must be text').default(''),
  category: z.enum(RULE_CATEGORIES, { error: RULES_TEXT.badCategory }).nullable().default(null),
  /** Limit items the rule touches (decision 056): a protected area refuses it (decision 057). */
  limitTags: limitTagsField,
  /** What may follow an infraction, as a guideline only: nothing is ever punished automatically. */
  consequence: trimmedText(RULE_CONSEQUENCE_MAX, RULES_TEXT.consequenceTooLong, 'Consequence must be text')
    .nullable()
    .default(null)
    .transform((s) => (s ? s : null)),
};

/** POST /api/rules: a new rule for the pair with `partnerId` (the dominant only). */
export const createRuleInput = z.strictObject({
  ...ruleFields,
  partnerId: uuidField(RULES_TEXT.partnerRequired),
});
export type CreateRuleInput = z.input<typeof createRuleInput>;

/** PUT /api/rules/:id: a new version; `version` is the one the editor started from. */
export const updateRuleInput = z.strictObject({
  ...ruleFields,
  version: z.number({ error: RULES_TEXT.versionRequired }).int(RULES_TEXT.versionRequired).min(1),
});
export type UpdateRuleInput = z.input<typeof updateRuleInput>;

/** POST /api/rules/:id/acknowledge: the version the submissive read. */
export const acknowledgeRuleInput = z.strictObject({
  version: z.number({ error: RULES_TEXT.versionRequired }).int(RULES_TEXT.versionRequired).min(1),
});
export type AcknowledgeRuleInput = z.input<typeof acknowledgeRuleInput>;

/** GET /api/rules?partnerId= */
export const rulesQuery = z.object({ partnerId: uuidField(RULES_TEXT.partnerRequired) });

/** One version of a rule, with when the submissive acknowledged it (null: not acknowledged). */
export interface RuleVersionView {
  version: number;
  title: string;
  text: string;
  category: RuleCategory | null;
  limitTags: LimitTagView[];
  consequence: string | null;
  writtenAt: number;
  writtenBy: string;
  acknowledgedAt: number | null;
}

/** A rule in force: its current version, and the pair it belongs to. */
export interface RuleView extends RuleVersionView {
  /** The newest version the submissive acknowledged (null: none): an older one means "changed since". */
  lastAcknowledgedVersion: number | null;
  id: string;
  pairId: string;
  dominantId: string;
  submissiveId: string;
  createdAt: number;
}

export interface RuleListView {
  rules: RuleView[];
}
export interface RuleAnswer {
  rule: RuleView;
}
export interface RuleVersionsView {
  versions: RuleVersionView[];
}
