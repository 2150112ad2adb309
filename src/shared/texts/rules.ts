// What the rules screens show and their limits, without zod (decision 059): the schema re-exports them.

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
