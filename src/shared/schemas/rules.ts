import { z } from 'zod';
import { uuidField } from './common';
import { type LimitTagView, limitTagsField } from './limits';

/**
 * Rules (issue 24, decision 064): standing rules the dominant writes for a pair. Every edit is a new version;
 * the submissive acknowledges each version, and an acknowledgement names the version it was given for, so an
 * edit asks for a new one and never rewrites what was acknowledged before.
 */

export const RULE_TITLE_MAX = 100;
export const RULE_TEXT_MAX = 2000;
export const RULE_CONSEQUENCE_MAX = 500;
/** The rules a pair may have in force at once: a list both can still read, not a rulebook to drown in. */
export const RULES_IN_FORCE_MAX = 100;

/** The categories a rule may be filed under (optional). */
export const RULE_CATEGORIES = ['conduct', 'speech', 'protocol', 'self_care', 'other'] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];
export const RULE_CATEGORY_LABELS: Record<RuleCategory, string> = {
  conduct: 'Conduct',
  speech: 'Speech',
  protocol: 'Protocol',
  self_care: 'Self-care',
  other: 'Other',
};

export const RULES_TEXT = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${RULE_TITLE_MAX} characters`,
  textTooLong: `Rule text must be at most ${RULE_TEXT_MAX} characters`,
  consequenceTooLong: `The guideline consequence must be at most ${RULE_CONSEQUENCE_MAX} characters`,
  badCategory: 'Choose a category from the list',
  partnerRequired: 'Please choose the partner this rule is for',
  versionRequired: 'Say which version you read',
  notFound: 'Rule not found',
  notYourRule: 'Only the dominant partner writes rules',
  onlySubmissiveAcknowledges: 'Only the submissive partner acknowledges rules',
  staleVersion: 'This rule has changed since you read it. Read it again.',
  tooMany: `A pair can have at most ${RULES_IN_FORCE_MAX} rules in force. Retire one first.`,
  // Toasts
  created: 'Rule added',
  updated: 'Rule updated',
  acknowledged: 'Rule acknowledged',
  retired: 'Rule retired',
} as const;

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
