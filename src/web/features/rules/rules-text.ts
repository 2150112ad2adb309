import { INFRACTIONS_PAGE_TEXT } from '@/shared/texts/infractions';
import {
  RULE_CATEGORIES,
  RULE_CATEGORY_LABELS,
  RULE_CONSEQUENCE_MAX,
  RULE_TEXT_MAX,
  RULE_TITLE_MAX,
  RULES_TEXT,
  type RuleCategory,
} from '@/shared/texts/rules';

// What the rules screens show. The categories, limits and toasts are the shared texts' own
// (`@/shared/texts/rules`, which loads no zod: decision 059).

export const RULE_CATEGORY_OPTIONS = RULE_CATEGORIES;
export const RULE_CATEGORY_NAMES = RULE_CATEGORY_LABELS;
export const RULE_LIMITS = {
  title: RULE_TITLE_MAX,
  text: RULE_TEXT_MAX,
  consequence: RULE_CONSEQUENCE_MAX,
} as const;

/** The toasts of the rules' writes. */
export const RULE_TOASTS = {
  created: RULES_TEXT.created,
  updated: RULES_TEXT.updated,
  acknowledged: RULES_TEXT.acknowledged,
  retired: RULES_TEXT.retired,
} as const;

export const RULES_PAGE_TEXT = {
  tab: 'Rules',
  dominantHeading: 'Rules',
  submissiveHeading: 'My rules',
  newRule: 'New rule',
  newRuleTitle: 'New rule',
  editRuleTitle: 'Edit rule',
  noRulesDominant: 'No rules yet. Write the first standing rule for your pair.',
  noRulesSubmissive: 'No rules yet. Rules your partner writes show here for you to acknowledge.',
  fetchFailed: 'Failed to load the rules',
  notAcknowledged: 'Not yet acknowledged',
  changedSince: 'Changed since you acknowledged it',
  acknowledge: 'Acknowledge',
  edit: 'Edit',
  retire: 'Retire',
  retireTitle: 'Retire this rule?',
  history: 'History',
  historyFailed: 'Failed to load the history',
  addFailed: 'Failed to add rule',
  updateFailed: 'Failed to update rule',
  acknowledgeFailed: 'Failed to acknowledge rule',
  retireFailed: 'Failed to retire rule',
  logInfraction: INFRACTIONS_PAGE_TEXT.logInfraction,
} as const;

export const categoryName = (category: RuleCategory | null) =>
  category ? RULE_CATEGORY_NAMES[category] : null;
