import { z } from 'zod';
import {
  type CreateRuleInput,
  createRuleInput,
  RULE_CATEGORIES,
  type RuleView,
} from '@/shared/schemas/rules';
import { byFirstSegment } from '@/web/lib/form-errors';

/** What the "New rule" and "Edit rule" form edits, as the screen shows it ('' is "No category"). */
const fields = z.object({
  title: z.string(),
  text: z.string(),
  category: z.enum(RULE_CATEGORIES).or(z.literal('')),
  consequence: z.string(),
  /** Limit tags (decision 056): a rule that touches a No of either partner is refused. */
  limitTags: z.array(z.string()),
});
export type RuleFormValues = z.input<typeof fields>;
export type RuleFormOutput = z.output<typeof createRuleInput>;

/** The form's values as the shared `createRuleInput` for the pair with `partnerId`, checked by it. */
export const ruleFormSchema = (partnerId: string) =>
  fields
    .transform(
      (v): CreateRuleInput => ({
        partnerId,
        title: v.title,
        text: v.text,
        category: v.category || null,
        consequence: v.consequence || null,
        limitTags: v.limitTags,
      }),
    )
    .pipe(createRuleInput);

/** The toasts of an invalid form, in the order of its fields. */
export const RULE_FORM_ERROR_ORDER = ['title', 'text', 'category', 'consequence', 'limitTags'] as const;

/** The fields of the form a server's refusal may name (its 400's `fields`, by their first segment). */
export const ruleFormField = byFirstSegment<keyof RuleFormValues>(RULE_FORM_ERROR_ORDER);

export const ruleFormDefaults = (rule: RuleView | null): RuleFormValues => ({
  title: rule?.title ?? '',
  text: rule?.text ?? '',
  category: rule?.category ?? '',
  consequence: rule?.consequence ?? '',
  limitTags: rule?.limitTags.map((t) => t.id) ?? [],
});
